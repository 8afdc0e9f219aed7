/**
 * For `--vocabulary current`: another style of employer names than company-names.ts, the
 * way a register of small businesses reads (a trade after a surname, a town, initials or a
 * made-up word; "brookside physiotherapy", "kowalski plumbing & heating", "jkr
 * consultancy", "wrenly"). Words are chosen to be absent from company-names.ts, so no name
 * of this build can come from the default tables.
 */
import type { Sector } from './industries';

const w = (csv: string): string[] => csv.split(',');

/** First words of "<word> <trade>" names and stems of made-up brands. */
export const CURRENT_NAME_WORDS = w(
  'brookside,hillcrest,lakeside,riverbend,westgate,elmwood,kingsway,fairview,greenway,highpoint,ashford,bramble,thistle,juniper,sequoia,tamarack,saffron,marigold,sparrow,wren,badger,lynx,puffin,copperleaf,old mill,main street,second street,little,big sky,foxglove,heather,larkspur,kestrel,oakridge,stonebridge,millbrook,redwood,bluebell,pebble,driftwood,sandstone,blackthorn,hawthorn,chestnut,sycamore,bayview,northgate,southgate,eastfield,westbrook,quayside,moorland,highland,glen,ivy,linden,rowan,hazel,clover',
);

/** Endings of made-up brands ("wrenly", "juniperhub"). */
export const CURRENT_BRAND_ENDINGS = w('ly,hub,base,stack,wise,ify,loop,nest,kit,lab');

/** What the business does, as its name says it. */
export const CURRENT_TRADES: Readonly<Record<Sector, readonly string[]>> = {
  tech: w(
    'it solutions,software house,dev studio,technology partners,computing,web services,it services,cyber,digital studio,data co',
  ),
  finance: w(
    'wealth management,mortgage services,finance group,money management,capital partners,insurance brokers,credit',
  ),
  health: w(
    'physiotherapy,dental practice,family clinic,chiropractic,home care services,medical practice,pharmacy,optometry,counselling',
  ),
  life_sciences: w('biolabs,bioworks,clinical research,biomedical,life science'),
  education: w('tutors,learning centre,montessori,language school,training academy'),
  legal: w('solicitors,law chambers,legal services,law'),
  professional: w('consultancy,recruitment,accountants,hr consulting,marketing agency,design studio'),
  retail: w('trading co,general store,supplies,outlet,emporium,provisions'),
  hospitality: w('tavern,diner,tea room,guest house,kitchen & bar,pizzeria,bakery'),
  manufacturing: w('precision,machine works,engineering works,fabricators,tooling,moulding'),
  construction: w(
    'building services,joinery,groundworks,electrical services,plumbing & heating,landscaping,renovations',
  ),
  real_estate: w('estate agents,lettings,property group,homes'),
  transport: w('haulage,couriers,freight services,removals,transport services'),
  energy: w('solar,energy services,power systems,renewables'),
  government: w('civic trust,public affairs'),
  nonprofit: w('trust,charity,community trust,association,mission'),
  media: w('films,creative,sound,publishing house,press'),
  agriculture: w('farm,growers,nursery,vineyards,produce'),
};
