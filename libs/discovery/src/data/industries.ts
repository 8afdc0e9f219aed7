/**
 * Common names of industries → sets of the professional network's classic industry names,
 * lowercased as records store them (the list the data generator draws from,
 * apps/cli/src/data-builds/generator/data/industries.ts). A stored industry name itself is
 * understood through the vocabulary; these are the words people use instead. Every set is a
 * documented meaning (docs/discovery.md).
 */

const FINTECH = ['financial services', 'banking', 'capital markets', 'investment management'];
const TECH = [
  'computer software',
  'internet',
  'information technology and services',
  'computer hardware',
  'computer networking',
  'computer & network security',
  'semiconductors',
  'telecommunications',
  'consumer electronics',
  'wireless',
  'information services',
  'computer games',
  'mobile games',
  'program development',
];
const HEALTHCARE = [
  'hospital & health care',
  'medical practice',
  'mental health care',
  'health, wellness and fitness',
  'alternative medicine',
];
const EDUCATION = [
  'higher education',
  'primary/secondary education',
  'education management',
  'e-learning',
  'professional training & coaching',
];
const MANUFACTURING = [
  'automotive',
  'aviation & aerospace',
  'building materials',
  'chemicals',
  'defense & space',
  'electrical/electronic manufacturing',
  'food production',
  'furniture',
  'glass, ceramics & concrete',
  'industrial automation',
  'machinery',
  'mechanical or industrial engineering',
  'packaging and containers',
  'paper & forest products',
  'plastics',
  'printing',
  'railroad manufacture',
  'shipbuilding',
  'textiles',
];
const MEDIA = [
  'broadcast media',
  'media production',
  'online media',
  'newspapers',
  'publishing',
  'entertainment',
  'motion pictures and film',
  'music',
];
/** Also what "nonprofit" means for people, whose records carry no employer type. */
export const NONPROFIT_INDUSTRIES = [
  'non-profit organization management',
  'civic & social organization',
  'fund-raising',
  'philanthropy',
  'religious institutions',
  'individual & family services',
  'museums and institutions',
  'international trade and development',
];
/** Also what "government" means for people. */
export const GOVERNMENT_INDUSTRIES = [
  'government administration',
  'executive office',
  'judiciary',
  'law enforcement',
  'legislative office',
  'military',
  'public safety',
  'public policy',
  'political organization',
  'international affairs',
  'government relations',
];
/** Also what "universities" and "schools" mean for people. */
export const EDUCATIONAL_INDUSTRIES = ['higher education', 'primary/secondary education'];

/** Phrase(s) → industry names. Keys are singular where a plural exists; the lexicon adds plurals. */
export const INDUSTRY_NAMES_BY_WORD: readonly (readonly [keys: string, industries: readonly string[]])[] = [
  ['fintech|fin tech|financial technology|payments|payment', FINTECH],
  ['financial services|financial service', ['financial services']],
  [
    'finance|financial|financial services industry|finance industry',
    [...FINTECH, 'investment banking', 'insurance', 'venture capital & private equity'],
  ],
  ['bank|banking', ['banking', 'investment banking']],
  ['investment bank|investment banking', ['investment banking']],
  [
    'asset management|asset manager|investment management|hedge fund|wealth management',
    ['investment management'],
  ],
  ['insurance|insurtech|insurer|insurance carrier', ['insurance']],
  ['venture capital|vc|private equity|pe fund|vc fund', ['venture capital & private equity']],
  ['saas|software as a service|b2b saas|saas software', ['computer software', 'internet']],
  ['software|software vendor', ['computer software']],
  ['tech|technology|high tech|hi tech|big tech', TECH],
  ['it services|it consulting|managed services|msp|it service', ['information technology and services']],
  [
    'cybersecurity|cyber security|infosec|information security|network security',
    ['computer & network security'],
  ],
  ['ecommerce|e commerce|online retail|online store', ['internet', 'retail']],
  ['internet|internet company|web company', ['internet']],
  ['gaming|game|video game|games|game studio', ['computer games', 'mobile games']],
  ['hardware|computer hardware', ['computer hardware']],
  ['semiconductor|chip|chipmaker', ['semiconductors']],
  ['telecom|telecommunications|telco|telecoms|wireless carrier', ['telecommunications', 'wireless']],
  ['healthcare|health care|health|health tech|healthtech|digital health', HEALTHCARE],
  ['hospital|health system|hospitals', ['hospital & health care']],
  ['clinic|medical practice|medical practices', ['medical practice']],
  ['mental health', ['mental health care']],
  ['medtech|med tech|medical device|medical technology', ['medical devices']],
  ['biotech|bio tech|biotechnology|biotechs', ['biotechnology']],
  ['pharma|pharmaceutical|pharmaceuticals|drug maker|drugmaker', ['pharmaceuticals']],
  [
    'life science|life sciences',
    ['biotechnology', 'pharmaceuticals', 'medical devices', 'research', 'nanotechnology'],
  ],
  [
    'edtech|ed tech|education technology|e learning|elearning|online learning|online education',
    ['e-learning', 'education management'],
  ],
  ['education|educational', EDUCATION],
  ['higher education|higher ed', ['higher education']],
  ['k 12|k12|primary education|secondary education', ['primary/secondary education']],
  [
    'real estate|proptech|prop tech|property|realty|real estate agency',
    ['real estate', 'commercial real estate'],
  ],
  ['construction|construction company', ['construction']],
  ['manufacturing|manufacturer|industrial|industrials', MANUFACTURING],
  ['automotive|auto|car maker|carmaker|automaker', ['automotive']],
  ['aerospace|aerospace and defense', ['aviation & aerospace', 'defense & space']],
  ['airline|aviation', ['airlines/aviation', 'aviation & aerospace']],
  ['defense|defence|defense contractor', ['defense & space']],
  ['energy', ['oil & energy', 'renewables & environment', 'utilities']],
  ['oil and gas|oil|gas|petroleum', ['oil & energy']],
  [
    'cleantech|clean tech|climate|climate tech|climatetech|renewable|renewables|renewable energy|clean energy|green energy|solar|sustainability',
    ['renewables & environment'],
  ],
  ['utility|utilities', ['utilities']],
  ['mining|metals|mining and metals', ['mining & metals']],
  [
    'logistics|supply chain|shipping|freight|trucking|transportation|transport',
    [
      'logistics and supply chain',
      'transportation/trucking/railroad',
      'package/freight delivery',
      'warehousing',
      'maritime',
    ],
  ],
  ['retail|retailer', ['retail']],
  ['grocery|supermarket|grocer', ['supermarkets']],
  ['consumer goods|cpg|fmcg|consumer packaged goods', ['consumer goods']],
  ['fashion|apparel|clothing', ['apparel & fashion']],
  ['food and beverage|food and beverages|f and b|food|beverage', ['food & beverages', 'food production']],
  ['restaurant|restaurants', ['restaurants']],
  ['hospitality|hotel|hotels', ['hospitality', 'leisure, travel & tourism', 'restaurants']],
  ['travel|tourism|travel and tourism', ['leisure, travel & tourism']],
  ['media', MEDIA],
  ['entertainment|film|movie|movies|music', ['entertainment', 'motion pictures and film', 'music']],
  ['publishing|publisher|newspaper', ['publishing', 'newspapers']],
  [
    'advertising|adtech|ad tech|marketing agency|ad agency|marketing and advertising|digital agency',
    ['marketing and advertising'],
  ],
  ['pr|public relations|pr agency', ['public relations and communications']],
  ['consulting|consultancy|management consulting|strategy consulting', ['management consulting']],
  [
    'staffing|recruiting agency|recruitment agency|staffing agency|headhunter|headhunters',
    ['staffing and recruiting'],
  ],
  ['law firm|law|legal services|legal industry', ['law practice', 'legal services']],
  ['accounting firm|accountancy|cpa firm', ['accounting']],
  ['agriculture|agtech|ag tech|farming|farm|farms|agribusiness', ['farming', 'ranching', 'dairy', 'fishery']],
  ['research|research institute|r and d lab', ['research']],
  ['sports|sport', ['sports']],
  ['fitness|wellness|gym|gyms', ['health, wellness and fitness']],
  ['veterinary|animal health', ['veterinary']],
  ['wine|spirits|alcohol', ['wine and spirits']],
  ['architecture|architecture firm', ['architecture & planning']],
  ['nonprofit sector|non profit sector|charity sector|third sector', NONPROFIT_INDUSTRIES],
  ['government sector|public sector', GOVERNMENT_INDUSTRIES],
];

/**
 * Job-function words that name an industry when said of companies or before a company noun
 * ("accounting firms", "companies in finance" is finance above).
 */
export const FUNCTION_INDUSTRIES: readonly (readonly [keys: string, industries: readonly string[]])[] = [
  ['accounting', ['accounting']],
  ['legal', ['law practice', 'legal services']],
  ['design', ['design', 'graphic design']],
  ['marketing', ['marketing and advertising']],
  ['hr|human resources', ['human resources', 'staffing and recruiting']],
  ['engineering', ['civil engineering', 'mechanical or industrial engineering']],
  ['it', ['information technology and services']],
  ['data|analytics', ['information services', 'market research']],
  ['security', ['security and investigations', 'computer & network security']],
];
