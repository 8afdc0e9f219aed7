/**
 * Company words: size words mapped to `company_size` buckets, company types, stock exchanges and
 * growth words. Every meaning here is documented in docs/discovery.md.
 */
import type { CompanySize, CompanyType } from '@app/contracts';
import type { Bounds } from '../filters';
import {
  EDUCATIONAL_INDUSTRIES,
  GOVERNMENT_INDUSTRIES,
  HIGHER_EDUCATION_INDUSTRIES,
  NONPROFIT_INDUSTRIES,
  SCHOOL_INDUSTRIES,
} from './industries';

const SMALL: CompanySize[] = ['1-10', '11-50'];
const STARTUP: CompanySize[] = ['1-10', '11-50', '51-200'];
const SMB: CompanySize[] = ['1-10', '11-50', '51-200', '201-500'];
const MID: CompanySize[] = ['201-500', '501-1000'];
const LARGE: CompanySize[] = ['1001-5000', '5001-10000', '10001+'];

/** How recently a startup was founded, in years before the request date (companies only). */
export const STARTUP_MAX_AGE_YEARS = 10;

/** Size words → buckets; `startup` adds the founding-year bound for companies. */
export const SIZE_WORDS: readonly (readonly [
  keys: string,
  sizes: readonly CompanySize[],
  startup?: 'startup',
])[] = [
  [
    'startup|start up|early stage|seed stage|early stage startup|young company|young companies',
    STARTUP,
    'startup',
  ],
  ['small|small company|small business|tiny|micro|microbusiness', SMALL],
  [
    'smb|smbs|sme|smes|small and medium|small and mid size|small to mid size|small and medium sized|small and medium size',
    SMB,
  ],
  ['mid size|midsize|mid sized|midsized|medium|medium sized|medium size|mid market|midmarket', MID],
  [
    'large|big|large company|big company|enterprise|enterprise company|enterprise companies|large enterprise|corporate|corporates|multinational|multinationals|fortune 500',
    LARGE,
  ],
];

/**
 * Size words that mean a size only before a company noun, or before industries and then one
 * ("young software companies"); alone ("young engineers") they say something else.
 */
export const SIZE_WORDS_BEFORE_ORG: readonly (readonly [keys: string, sizes: readonly CompanySize[]])[] = [
  ['young', STARTUP],
];

/**
 * Company types. People carry no employer type, so for them a type with an industry reading
 * (nonprofit, government, educational) means those industries; the others do not apply.
 */
export const TYPE_WORDS: readonly (readonly [
  keys: string,
  types: readonly CompanyType[],
  personIndustries?: readonly string[],
])[] = [
  ['public|publicly traded|publicly listed|listed|public company|traded|stock listed|quoted', ['public']],
  ['private|privately held|private company|privately owned', ['private']],
  ['for profit|forprofit', ['private', 'public']],
  [
    'nonprofit|non profit|not for profit|ngo|ngos|charity|charities|nonprofit organization|npo|non governmental',
    ['nonprofit'],
    NONPROFIT_INDUSTRIES,
  ],
  [
    'government|government agency|govt|gov|public sector agency|federal agency|state agency|agency of government',
    ['government_agency'],
    GOVERNMENT_INDUSTRIES,
  ],
  [
    'university|universities|college|colleges|academic institution',
    ['educational'],
    HIGHER_EDUCATION_INDUSTRIES,
  ],
  ['school|schools|school district', ['educational'], SCHOOL_INDUSTRIES],
  ['educational|educational institution', ['educational'], EDUCATIONAL_INDUSTRIES],
];

/** Exchange spellings → the codes records store (uppercase). */
export const EXCHANGES: readonly (readonly [keys: string, code: string])[] = [
  ['nasdaq', 'NASDAQ'],
  ['nyse|new york stock exchange', 'NYSE'],
  ['lse|london stock exchange', 'LSE'],
  ['tsx|toronto stock exchange', 'TSX'],
  ['euronext', 'EURONEXT'],
  ['xetra|frankfurt stock exchange|deutsche borse|deutsche boerse', 'XETRA'],
  ['bme|bolsa de madrid', 'BME'],
  ['borsa italiana|bit', 'BIT'],
  ['omx|nasdaq stockholm|nasdaq nordic', 'OMX'],
  ['six|six swiss exchange|swiss exchange', 'SIX'],
  ['gpw|warsaw stock exchange', 'GPW'],
  ['nse|national stock exchange of india', 'NSE'],
  ['bse|bombay stock exchange', 'BSE'],
  ['sgx|singapore exchange', 'SGX'],
  ['tse|tokyo stock exchange|jpx', 'TSE'],
  ['asx|australian securities exchange', 'ASX'],
  ['b3|bovespa', 'B3'],
  ['bmv|mexican stock exchange', 'BMV'],
  ['jse|johannesburg stock exchange', 'JSE'],
];
/** Exchange codes that are also words ("six", "bit"): read only after a listing word or typed in capitals. */
export const GUARDED_EXCHANGES: ReadonlySet<string> = new Set(['six', 'bit']);

/**
 * Growth words without a number, as 12-month employee growth (a decimal fraction): "growing"
 * is any growth, "fast growing" more than 20 %, "hypergrowth" more than 50 %, "shrinking" a
 * loss of headcount.
 */
export const GROWTH_WORDS: readonly (readonly [keys: string, bounds: Bounds])[] = [
  ['growing|expanding|scaling|in growth|growth stage', { gt: 0 }],
  [
    'fast growing|rapidly growing|high growth|quickly growing|fast growth|rapid growth|scaling fast|scaleup|scale up|scaleups|scale ups|' +
      'growing fast|growing quickly|growing rapidly|expanding fast|expanding rapidly',
    { gt: 0.2 },
  ],
  ['hypergrowth|hyper growth|hyper growing|explosive growth', { gt: 0.5 }],
  [
    'shrinking|declining|downsizing|contracting|losing headcount|laying off|layoffs|negative growth|' +
      'negative headcount growth|headcount decline|declining headcount|shrinking headcount',
    { lt: 0 },
  ],
];
