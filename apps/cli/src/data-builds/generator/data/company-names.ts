/**
 * Building blocks for fictional company names. Words are neutral and combined at random, so
 * names read like real firms ("northwind analytics", "harper & cole llp") without naming any.
 */
import type { Sector } from './industries';

const w = (csv: string): string[] => csv.split(',');

/** Invented brand stems for "<stem><stem>" and "<stem> <word>" names. */
export const STEMS = w(
  'blue,north,bright,silver,red,green,summit,peak,clear,true,swift,iron,stone,oak,cedar,pine,river,lake,harbor,bay,sky,star,sun,moon,cloud,wave,tide,ridge,vale,field,grove,crest,point,bridge,gate,path,way,light,spark,flame,pixel,bit,data,logic,core,nova,apex,vertex,zen,arc,prime,vector,quant,meta,hyper,omni,terra,aero,aqua,helio,luma,nimbus,orbit,quill,rocket,signal,atlas,beacon,compass,forge,foundry,harvest,keystone,lantern,meridian,paragon,pinnacle,sentinel,tandem,trident,united,venture,vista,willow,amber,cobalt,crimson,golden,indigo,jade,onyx,scarlet,violet,maple,birch,aspen,falcon,eagle,fox,wolf,bear,lion,otter,heron,raven',
);

/** Second words by sector: "<stem> <word>". */
export const SECTOR_WORDS: Readonly<Record<Sector, readonly string[]>> = {
  tech: w(
    'labs,software,systems,technologies,digital,networks,ai,cloud,data,analytics,security,apps,interactive,io,tech,logic,works',
  ),
  finance: w(
    'capital,financial,partners,advisors,bank,wealth,investments,credit union,insurance,holdings,asset management,trust,securities,lending',
  ),
  health: w(
    'health,medical center,clinic,care,family practice,health partners,wellness,medical group,pediatrics,dental,therapy,hospital',
  ),
  life_sciences: w(
    'therapeutics,biosciences,pharma,biotech,diagnostics,genomics,medical,life sciences,laboratories,biologics',
  ),
  education: w('academy,learning,institute,college,school,education,tutoring,prep'),
  legal: w('law group,legal,llp,law offices,& associates,law firm'),
  professional: w(
    'consulting,group,partners,advisory,associates,solutions,agency,creative,strategies,staffing,talent,studio',
  ),
  retail: w('goods,supply,market,outfitters,co.,trading,brands,store,boutique,wholesale,collective'),
  hospitality: w(
    'hospitality,hotels,kitchen,bistro,café,eatery,catering,resorts,events,brewing,coffee,grill',
  ),
  manufacturing: w(
    'manufacturing,industries,metals,fabrication,components,engineering,machinery,plastics,motors,materials,products,automation',
  ),
  construction: w(
    'construction,builders,contracting,engineering,homes,development,roofing,electric,plumbing,concrete,services,facilities',
  ),
  real_estate: w('realty,properties,real estate,homes,land,estates,property management,realty group'),
  transport: w(
    'logistics,freight,transport,shipping,express,trucking,delivery,lines,cargo,aviation,carriers',
  ),
  energy: w('energy,power,solar,resources,utilities,oil & gas,renewables,environmental,wind,electric,mining'),
  government: w('policy institute,public affairs,strategies,civic partners'),
  nonprofit: w('foundation,alliance,fund,society,coalition,network,center,project,initiative,outreach'),
  media: w(
    'media,studios,productions,pictures,publishing,press,records,films,entertainment,broadcasting,magazine',
  ),
  agriculture: w('farms,ranch,agriculture,orchards,growers,harvest,dairy,seeds,fisheries'),
};

/** Legal-form suffixes seen in raw company names, by country. */
export const LEGAL_SUFFIXES: Readonly<Record<string, readonly string[]>> = {
  US: w('inc.,llc,corp.,co.'),
  CA: w('inc.,ltd.,corp.'),
  GB: w('ltd,plc,limited'),
  IE: w('ltd,dac,limited'),
  DE: w('gmbh,ag,gmbh & co. kg'),
  FR: w('sas,sa,sarl'),
  ES: w('s.l.,s.a.'),
  IT: w('s.r.l.,s.p.a.'),
  NL: w('b.v.,n.v.'),
  SE: w('ab'),
  CH: w('ag,gmbh,sa'),
  PL: w('sp. z o.o.,s.a.'),
  IN: w('pvt. ltd.,limited,llp'),
  SG: w('pte. ltd.'),
  JP: w('k.k.,co., ltd.'),
  AU: w('pty ltd,limited'),
  BR: w('ltda.,s.a.'),
  MX: w('s.a. de c.v.,s. de r.l.'),
  ZA: w('(pty) ltd,ltd'),
};

/** What a company does, in a phrase, for headlines and descriptions. */
export const SECTOR_TAGLINES: Readonly<Record<Sector, readonly string[]>> = {
  tech: w(
    'builds cloud software for growing businesses,makes developer tools for modern engineering teams,provides managed it services and support,builds secure networking products,develops analytics software for operations teams,runs an online marketplace for small businesses',
  ),
  finance: w(
    'provides banking and lending services,offers wealth management and financial planning,underwrites commercial and personal insurance,manages investment portfolios for institutions,provides payments infrastructure for merchants',
  ),
  health: w(
    'provides primary and specialty care,operates community hospitals and clinics,offers outpatient physical therapy,provides behavioral health services,runs family medicine practices',
  ),
  life_sciences: w(
    'develops therapies for rare diseases,makes diagnostic devices for clinics,runs contract research for drug developers,develops medical imaging technology',
  ),
  education: w(
    'offers undergraduate and graduate programs,runs k-12 schools,provides tutoring and test preparation,builds online learning programs,offers professional training courses',
  ),
  legal: w(
    'advises businesses on corporate and commercial law,represents clients in litigation,provides immigration and family law services,handles real estate and estate planning matters',
  ),
  professional: w(
    'advises companies on strategy and operations,provides accounting and tax services,runs marketing campaigns for consumer brands,places talent with growing companies,designs brands and digital experiences',
  ),
  retail: w(
    'sells apparel and accessories,operates neighborhood grocery stores,distributes consumer products to retailers,sells home goods online and in stores',
  ),
  hospitality: w(
    'operates restaurants and cafés,runs boutique hotels,provides catering and event services,operates fitness and recreation centers',
  ),
  manufacturing: w(
    'manufactures precision components,builds industrial machinery,produces packaged foods,manufactures automotive parts,makes building materials',
  ),
  construction: w(
    'builds commercial and residential projects,provides general contracting services,delivers civil infrastructure projects,provides facilities maintenance',
  ),
  real_estate: w(
    'brokers residential and commercial property,manages apartment communities,develops mixed-use properties',
  ),
  transport: w(
    'moves freight across the country,provides warehousing and fulfillment,runs last-mile delivery,operates regional air service',
  ),
  energy: w(
    'produces oil and natural gas,develops solar and wind projects,provides electric and water utility service,offers environmental consulting and remediation',
  ),
  government: w(
    'delivers public services to residents,maintains public infrastructure,keeps the community safe',
  ),
  nonprofit: w(
    'supports families and children in need,funds community programs,advocates for public health,provides housing assistance',
  ),
  media: w(
    'produces film and television content,publishes books and magazines,runs a digital news outlet,produces music and live events',
  ),
  agriculture: w('grows and distributes fresh produce,raises livestock,produces dairy products'),
};

/** Saints for hospital names ("st. mary's medical center"). */
export const SAINTS = w(
  'mary,joseph,luke,john,francis,anthony,vincent,elizabeth,catherine,michael,jude,paul,peter,clare',
);
