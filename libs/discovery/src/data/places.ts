/**
 * Places beyond what @app/normalize resolves on its own (country names and aliases, state
 * names and codes, city aliases such as "nyc" or "münchen"): named regions with a documented
 * meaning, the short aliases discovery indexes, demonyms, and the cities understood without a
 * place word before them. Documented in docs/discovery.md.
 */
const l = (bars: string): string[] => bars.split('|');

export interface Region {
  /** Cities, all within `state` when given. */
  readonly cities?: readonly string[];
  readonly state?: string;
  /** ISO 3166-2 codes. */
  readonly states?: readonly string[];
  /** ISO 3166-1 alpha-2 codes. */
  readonly countries?: readonly string[];
}

const BAY_AREA = l(
  'san francisco|oakland|san jose|berkeley|palo alto|mountain view|santa clara|sunnyvale|san mateo|redwood city|' +
    'menlo park|cupertino|fremont|hayward|walnut creek|south san francisco|daly city|san rafael|emeryville|' +
    'burlingame|milpitas|foster city|san bruno|alameda|pleasanton',
);
const SILICON_VALLEY = l(
  'san jose|palo alto|mountain view|santa clara|sunnyvale|cupertino|menlo park|redwood city|milpitas|los gatos|' +
    'campbell|los altos',
);
const EU = l('AT|BE|BG|HR|CY|CZ|DK|EE|FI|FR|DE|GR|HU|IE|IT|LV|LT|LU|MT|NL|PL|PT|RO|SK|SI|ES|SE');
const us = (codes: string) => l(codes).map((c) => `US-${c}`);

/** Region names → places. */
export const REGIONS: readonly (readonly [keys: string, region: Region])[] = [
  [
    'bay area|sf bay area|san francisco bay area|the bay|sfba|norcal bay area',
    { cities: BAY_AREA, state: 'US-CA' },
  ],
  ['silicon valley', { cities: SILICON_VALLEY, state: 'US-CA' }],
  ['dach|dach region', { countries: ['DE', 'AT', 'CH'] }],
  ['nordics|nordic|nordic countries|scandinavia', { countries: ['SE', 'NO', 'DK', 'FI', 'IS'] }],
  ['benelux', { countries: ['BE', 'NL', 'LU'] }],
  ['eu|european union', { countries: EU }],
  ['europe|european', { countries: [...EU, 'GB', 'CH', 'NO', 'IS'] }],
  [
    'latam|latin america|south america',
    { countries: l('MX|BR|AR|CL|CO|PE|UY|EC|BO|PY|VE|CR|PA|GT|DO|SV|HN|NI') },
  ],
  ['north america', { countries: ['US', 'CA', 'MX'] }],
  // The seven countries of the isthmus (UN M49 "Central America" also counts Mexico; people rarely do).
  ['central america', { countries: l('BZ|GT|SV|HN|NI|CR|PA') }],
  ['uk and ireland|uki', { countries: ['GB', 'IE'] }],
  ['new england', { states: us('ME|NH|VT|MA|RI|CT') }],
  ['pacific northwest|pnw', { states: us('WA|OR') }],
  ['west coast', { states: us('CA|OR|WA') }],
  ['east coast', { states: us('ME|NH|MA|RI|CT|NY|NJ|DE|MD|VA|NC|SC|GA|FL|DC') }],
  ['midwest', { states: us('IL|IN|IA|KS|MI|MN|MO|NE|ND|OH|SD|WI') }],
  ['new york state|ny state|upstate new york', { states: ['US-NY'] }],
  ['washington state|wa state', { states: ['US-WA'] }],
];

/**
 * City aliases discovery indexes, resolved through @app/normalize's city aliases (so "nyc" and
 * "new york city" mean what enrichment and the loader mean). Others still resolve after a place
 * word ("in bombay"), after the served build's own cities: "frisco" and "manhattan" are not
 * indexed, since a build storing them as cities means Frisco, Texas and Manhattan, Kansas.
 */
export const CITY_ALIAS_KEYS = l(
  'sf|nyc|ny city|new york city|dc|washington dc|hk|philly|vegas|nola|atl|slc|okc|chitown|chi town|san fran|' +
    'big apple|münchen|muenchen|köln|koeln|wien|praha|roma|milano|lisboa|bombay|calcutta|madras|' +
    'bangalore|gurgaon|peking|saigon|hcmc|cdmx|sampa|joburg|mexico df|ciudad de mexico',
);
/** Two-letter aliases that are also words: a city only after a place word or typed in capitals. */
export const GUARDED_CITY_ALIASES = l('la');

/** Country spellings of up to three letters (longer ones resolve through @app/normalize). */
export const SHORT_COUNTRY_ALIASES: readonly (readonly [keys: string, code: string])[] = [
  ['uk|u k|gb', 'GB'],
  ['usa|u s a|u s', 'US'],
  ['uae|u a e', 'AE'],
];
/** "us" is also a pronoun: a country only after a place word or typed as "US". */
export const GUARDED_COUNTRY_ALIASES: readonly (readonly [key: string, code: string])[] = [['us', 'US']];
/**
 * Phrases for a country beyond its names and aliases (@app/normalize resolves those, "america"
 * included): "us-based" (a hyphen reads as a space, and "us" alone is guarded), "stateside";
 * "the states" only after a place word ("in the states"), since "states" alone is a function word.
 */
export const COUNTRY_PHRASES: readonly (readonly [keys: string, code: string, needsCue?: 'cue'])[] = [
  ['us based|u s based|stateside', 'US'],
  ['the states|the us of a', 'US', 'cue'],
];

/**
 * Nationality adjectives: "german engineers" are engineers in Germany. With a language word
 * ("german speakers", "fluent in german") the same word is the language instead.
 */
export const DEMONYMS: readonly (readonly [keys: string, code: string])[] = [
  ['american', 'US'],
  ['british|english|scottish|welsh', 'GB'],
  ['canadian', 'CA'],
  ['german', 'DE'],
  ['french', 'FR'],
  ['spanish', 'ES'],
  ['italian', 'IT'],
  ['dutch', 'NL'],
  ['swiss', 'CH'],
  ['swedish', 'SE'],
  ['irish', 'IE'],
  ['indian', 'IN'],
  ['australian|aussie', 'AU'],
  ['brazilian', 'BR'],
  ['mexican', 'MX'],
  ['japanese', 'JP'],
  ['polish', 'PL'],
  ['singaporean', 'SG'],
  ['south african', 'ZA'],
  ['israeli', 'IL'],
  ['portuguese', 'PT'],
  ['austrian', 'AT'],
  ['belgian', 'BE'],
  ['danish', 'DK'],
  ['norwegian', 'NO'],
  ['finnish', 'FI'],
  ['chinese', 'CN'],
  ['korean|south korean', 'KR'],
];

/**
 * US state codes typed in capitals ("Austin, TX") are states; these are also words or
 * connectors, so they never are.
 */
export const STATE_CODES_NOT_READ: ReadonlySet<string> = new Set(
  l('IN|OR|ME|OK|HI|OH|AS|DE|MA|CO|ID|LA|MD|PR'),
);
/**
 * Countries whose state codes are written after a city ("portland, OR", "london, ON", "sydney,
 * NSW"): read there in any case, a code that is also a word only after a comma at the end of
 * the description or before another comma, or in capitals.
 */
export const CITY_STATE_CODE_COUNTRIES = l('US|CA|AU');

/**
 * Cities understood without a place word before them ("berlin engineers"), besides multi-word
 * names; any other stored city needs one ("engineers in mobile"), since many city names are
 * also ordinary words.
 */
export const MAJOR_CITIES = l(
  'new york|los angeles|chicago|houston|phoenix|philadelphia|san antonio|san diego|dallas|austin|san jose|' +
    'san francisco|seattle|denver|boston|atlanta|miami|washington|nashville|portland|las vegas|detroit|' +
    'minneapolis|pittsburgh|baltimore|charlotte|raleigh|orlando|tampa|sacramento|salt lake city|kansas city|' +
    'st. louis|cincinnati|cleveland|columbus|indianapolis|milwaukee|new orleans|honolulu|anchorage|boulder|' +
    'oakland|palo alto|mountain view|cupertino|sunnyvale|berkeley|cambridge|brooklyn|' +
    'toronto|vancouver|montréal|ottawa|calgary|edmonton|waterloo|london|manchester|birmingham|leeds|' +
    'bristol|liverpool|edinburgh|glasgow|oxford|dublin|cork|paris|lyon|marseille|toulouse|berlin|munich|' +
    'hamburg|frankfurt|cologne|stuttgart|düsseldorf|leipzig|dresden|vienna|zürich|geneva|basel|' +
    'amsterdam|rotterdam|the hague|utrecht|eindhoven|brussels|antwerp|luxembourg|copenhagen|stockholm|' +
    'gothenburg|oslo|helsinki|reykjavik|madrid|barcelona|valencia|seville|málaga|lisbon|porto|milan|rome|' +
    'turin|naples|florence|bologna|warsaw|kraków|wrocław|prague|budapest|bucharest|sofia|athens|' +
    'istanbul|tel aviv|dubai|abu dhabi|riyadh|cairo|lagos|nairobi|johannesburg|cape town|pretoria|mumbai|' +
    'delhi|new delhi|bengaluru|bangalore|hyderabad|chennai|pune|kolkata|gurugram|noida|singapore|hong kong|' +
    'shanghai|beijing|shenzhen|tokyo|osaka|kyoto|yokohama|seoul|taipei|bangkok|jakarta|manila|kuala lumpur|' +
    'ho chi minh city|hanoi|sydney|melbourne|brisbane|perth|adelaide|auckland|wellington|são paulo|' +
    'rio de janeiro|mexico city|guadalajara|monterrey|buenos aires|santiago|bogotá|lima|medellín',
);
