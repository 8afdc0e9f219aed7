/**
 * Common names of industries → the names of both of the professional network's taxonomies,
 * lowercased as records store them: the classic list of 148 (the one the data generator draws
 * from by default, apps/cli/src/data-builds/generator/data/industries.ts) and the current one
 * ("Industry Codes V2", CURRENT_INDUSTRY_NAMES in libs/contracts). Each set is written as
 * `both(classic, current)`. A build holds one taxonomy, the other, a mix or its own names, so
 * a set is only a candidate meaning: resolve.ts keeps the names the served build holds, and
 * when it holds none of them falls back to the build's own names for the words typed
 * (industry-names.ts). A stored industry name itself is understood through the vocabulary;
 * these are the words people use instead. Every set is a documented meaning
 * (docs/discovery.md).
 */

/** A set: its classic names, then its current ones (a name in both lists once). */
const both = (classic: readonly string[], current: readonly string[]): readonly string[] => [
  ...new Set([...classic, ...current]),
];

/** Each classic name here kept its name in the current list. */
const FINTECH = both(
  ['financial services', 'banking', 'capital markets', 'investment management'],
  ['financial services', 'banking', 'capital markets', 'investment management'],
);
const SOFTWARE_CURRENT = [
  'software development',
  'desktop computing software products',
  'mobile computing software products',
  'embedded software products',
  'data security software products',
  'it system custom software development',
];
const TECH = both(
  [
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
  ],
  [
    ...SOFTWARE_CURRENT,
    'it services and it consulting',
    'technology, information and internet',
    'computer hardware manufacturing',
    'computers and electronics manufacturing',
    'computer networking products',
    'computer and network security',
    'semiconductor manufacturing',
    'telecommunications',
    'wireless services',
    'information services',
    'data infrastructure and analytics',
    'business intelligence platforms',
    'internet marketplace platforms',
    'social networking platforms',
    'computer games',
    'mobile gaming apps',
  ],
);
const HEALTHCARE = both(
  [
    'hospital & health care',
    'medical practice',
    'mental health care',
    'health, wellness and fitness',
    'alternative medicine',
  ],
  [
    'hospitals and health care',
    'hospitals',
    'medical practices',
    'physicians',
    'outpatient care centers',
    'home health care services',
    'nursing homes and residential care facilities',
    'medical and diagnostic laboratories',
    'physical, occupational and speech therapists',
    'mental health care',
    'wellness and fitness services',
    'alternative medicine',
  ],
);
const EDUCATION = both(
  [
    'higher education',
    'primary/secondary education',
    'education management',
    'e-learning',
    'professional training & coaching',
  ],
  [
    'education',
    'higher education',
    'primary and secondary education',
    'education administration programs',
    'e-learning providers',
    'professional training and coaching',
    'technical and vocational training',
    'language schools',
  ],
);
const MANUFACTURING = both(
  [
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
  ],
  [
    'manufacturing',
    'motor vehicle manufacturing',
    'aviation and aerospace component manufacturing',
    'defense and space manufacturing',
    'chemical manufacturing',
    'appliances, electrical, and electronics manufacturing',
    'food and beverage manufacturing',
    'furniture and home furnishings manufacturing',
    'glass, ceramics and concrete manufacturing',
    'automation machinery manufacturing',
    'industrial machinery manufacturing',
    'machinery manufacturing',
    'packaging and containers manufacturing',
    'paper and forest product manufacturing',
    'plastics manufacturing',
    'railroad equipment manufacturing',
    'shipbuilding',
    'textile manufacturing',
    'fabricated metal products',
  ],
);
const MEDIA = both(
  [
    'broadcast media',
    'media production',
    'online media',
    'newspapers',
    'publishing',
    'entertainment',
    'motion pictures and film',
    'music',
  ],
  [
    'broadcast media production and distribution',
    'radio and television broadcasting',
    'media production',
    'online audio and video media',
    'technology, information and media',
    'newspaper publishing',
    'book and periodical publishing',
    'internet publishing',
    'entertainment providers',
    'movies, videos and sound',
    'musicians',
  ],
);
const HR = both(['human resources'], ['human resources services']);
const RESEARCH = both(['research'], ['research services']);
const SOFTWARE = both(['computer software'], SOFTWARE_CURRENT);

/** Also what "nonprofit" means for people, whose records carry no employer type. */
export const NONPROFIT_INDUSTRIES = both(
  [
    'non-profit organization management',
    'civic & social organization',
    'fund-raising',
    'philanthropy',
    'religious institutions',
    'individual & family services',
    'museums and institutions',
    'international trade and development',
  ],
  [
    'non-profit organizations',
    'civic and social organizations',
    'fundraising',
    'philanthropic fundraising services',
    'religious institutions',
    'individual and family services',
    'community services',
    'museums, historical sites, and zoos',
    'international trade and development',
  ],
);
/** Also what "government" means for people. */
export const GOVERNMENT_INDUSTRIES = both(
  [
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
  ],
  [
    'government administration',
    'executive offices',
    'courts of law',
    'administration of justice',
    'law enforcement',
    'legislative offices',
    'armed forces',
    'public safety',
    'public policy offices',
    'political organizations',
    'international affairs',
    'government relations services',
    'military and international affairs',
  ],
);
/** Also what "universities" and "schools" mean for people. */
export const HIGHER_EDUCATION_INDUSTRIES = both(['higher education'], ['higher education']);
export const SCHOOL_INDUSTRIES = both(['primary/secondary education'], ['primary and secondary education']);
export const EDUCATIONAL_INDUSTRIES = [...HIGHER_EDUCATION_INDUSTRIES, ...SCHOOL_INDUSTRIES];

/**
 * Phrase(s) → industry names. Keys are singular where a plural exists; the lexicon adds plurals.
 * The third field, `org`, marks words that name an industry only before a company noun ("ai
 * companies"; "ai engineers" are engineers).
 */
export const INDUSTRY_NAMES_BY_WORD: readonly (readonly [
  keys: string,
  industries: readonly string[],
  needs?: 'org',
])[] = [
  ['fintech|fin tech|financial technology|payments|payment', FINTECH],
  ['financial services|financial service', both(['financial services'], ['financial services'])],
  [
    'finance|financial|financial services industry|finance industry',
    both(
      [...FINTECH, 'investment banking', 'insurance', 'venture capital & private equity'],
      [...FINTECH, 'investment banking', 'insurance', 'venture capital and private equity principals'],
    ),
  ],
  [
    'bank|banking',
    both(['banking', 'investment banking'], ['banking', 'investment banking', 'savings institutions']),
  ],
  ['investment bank|investment banking', both(['investment banking'], ['investment banking'])],
  [
    'asset management|asset manager|investment management|hedge fund|wealth management|wealth manager',
    both(['investment management'], ['investment management', 'investment advice']),
  ],
  [
    'insurance broker|insurance brokerage|insurance agency|insurance agent',
    // No classic name of their own, and the classic "insurance" is a current name too.
    both([], ['insurance agencies and brokerages']),
  ],
  [
    'insurance|insurtech|insurer|insurance carrier|insurance company',
    both(
      ['insurance'],
      [
        'insurance',
        'insurance carriers',
        'insurance agencies and brokerages',
        'claims adjusting, actuarial services',
        'insurance and employee benefit funds',
      ],
    ),
  ],
  [
    'venture capital|vc|private equity|pe fund|vc fund|pe firm|vc firm',
    both(['venture capital & private equity'], ['venture capital and private equity principals']),
  ],
  [
    'saas|software as a service|b2b saas|saas software|cloud software',
    both(
      ['computer software', 'internet'],
      // The classic "internet" is the current "technology, information and internet" and its platforms.
      [
        'software development',
        'technology, information and internet',
        'desktop computing software products',
        'mobile computing software products',
        'business intelligence platforms',
        'internet marketplace platforms',
        'social networking platforms',
      ],
    ),
  ],
  ['software|software vendor|software house|isv', SOFTWARE],
  ['tech|technology|high tech|hi tech|big tech', TECH],
  [
    'it services|it consulting|it consultancy|it consultant|it service|managed services|managed service provider|msp|it outsourcing|it solutions|system integrator',
    both(
      ['information technology and services'],
      [
        'it services and it consulting',
        'it system custom software development',
        'it system operations and maintenance',
        'it system design services',
        'it system installation and disposal',
        'it system training and support',
        'it system data services',
        'it system testing and evaluation',
      ],
    ),
  ],
  [
    'cybersecurity|cyber security|infosec|information security|network security|cyber',
    both(
      ['computer & network security'],
      ['computer and network security', 'data security software products'],
    ),
  ],
  [
    'ecommerce|e commerce|online retail|online store|dtc|d2c|direct to consumer',
    both(
      ['internet', 'retail'],
      ['online and mail order retail', 'internet marketplace platforms', 'retail'],
    ),
  ],
  [
    'internet|internet company|web company|dot com',
    both(
      ['internet'],
      [
        'technology, information and internet',
        'internet marketplace platforms',
        'social networking platforms',
      ],
    ),
  ],
  [
    'gaming|game|video game|games|game studio|game developer',
    both(['computer games', 'mobile games'], ['computer games', 'mobile gaming apps']),
  ],
  [
    'hardware|computer hardware',
    both(
      ['computer hardware'],
      ['computer hardware manufacturing', 'computers and electronics manufacturing'],
    ),
  ],
  [
    'semiconductor|chip|chipmaker|semis|chip maker',
    both(['semiconductors'], ['semiconductor manufacturing']),
  ],
  [
    'telecom|telecommunications|telco|telecoms|wireless carrier|isp|internet service provider',
    both(
      ['telecommunications', 'wireless'],
      [
        'telecommunications',
        'telecommunications carriers',
        'wireless services',
        'satellite telecommunications',
      ],
    ),
  ],
  ['healthcare|health care|health|health tech|healthtech|digital health', HEALTHCARE],
  [
    'hospital|health system|hospitals',
    both(['hospital & health care'], ['hospitals and health care', 'hospitals']),
  ],
  [
    'clinic|medical practice|medical practices|medical group',
    both(['medical practice'], ['medical practices', 'physicians', 'outpatient care centers']),
  ],
  ['mental health', both(['mental health care'], ['mental health care'])],
  [
    'medtech|med tech|medical device|medical technology|medical equipment|medical devices',
    both(['medical devices'], ['medical equipment manufacturing']),
  ],
  ['biotech|bio tech|biotechnology|biotechs', both(['biotechnology'], ['biotechnology research'])],
  [
    'pharma|pharmaceutical|pharmaceuticals|drug maker|drugmaker',
    both(['pharmaceuticals'], ['pharmaceutical manufacturing']),
  ],
  [
    'life science|life sciences',
    both(
      ['biotechnology', 'pharmaceuticals', 'medical devices', 'research', 'nanotechnology'],
      [
        'biotechnology research',
        'pharmaceutical manufacturing',
        'medical equipment manufacturing',
        'research services',
        'nanotechnology research',
      ],
    ),
  ],
  [
    'edtech|ed tech|education technology|e learning|elearning|online learning|online education',
    both(
      ['e-learning', 'education management'],
      ['e-learning providers', 'education administration programs'],
    ),
  ],
  ['education|educational', EDUCATION],
  ['higher education|higher ed', HIGHER_EDUCATION_INDUSTRIES],
  ['k 12|k12|primary education|secondary education', SCHOOL_INDUSTRIES],
  [
    'real estate|proptech|prop tech|property|realty|real estate agency|reit|property management',
    both(
      ['real estate', 'commercial real estate'],
      [
        'real estate',
        'real estate agents and brokers',
        'leasing non-residential real estate',
        'leasing residential real estate',
      ],
    ),
  ],
  [
    'construction|construction company|general contractor|construction firm',
    both(
      ['construction'],
      [
        'construction',
        'building construction',
        'residential building construction',
        'nonresidential building construction',
        'specialty trade contractors',
        'building equipment contractors',
        'building finishing contractors',
        'highway, street, and bridge construction',
        'utility system construction',
      ],
    ),
  ],
  ['manufacturing|manufacturer|industrial|industrials|oem', MANUFACTURING],
  [
    'car maker|carmaker|automaker|auto maker|car manufacturer|vehicle manufacturer|oem automaker',
    // Makers of vehicles: not their parts suppliers or dealers (the classic list has one name for all).
    both(['automotive'], ['motor vehicle manufacturing', 'alternative fuel vehicle manufacturing']),
  ],
  [
    'automotive|auto|car company|automotive industry',
    both(
      ['automotive'],
      [
        'motor vehicle manufacturing',
        'motor vehicle parts manufacturing',
        'alternative fuel vehicle manufacturing',
        'retail motor vehicles',
      ],
    ),
  ],
  [
    'aerospace|aerospace and defense',
    both(
      ['aviation & aerospace', 'defense & space'],
      [
        'aviation and aerospace component manufacturing',
        'defense and space manufacturing',
        'space research and technology',
      ],
    ),
  ],
  [
    'airline|aviation',
    both(
      ['airlines/aviation', 'aviation & aerospace'],
      ['airlines and aviation', 'aviation and aerospace component manufacturing'],
    ),
  ],
  ['defense|defence|defense contractor', both(['defense & space'], ['defense and space manufacturing'])],
  [
    'energy',
    both(
      ['oil & energy', 'renewables & environment', 'utilities'],
      ['oil and gas', 'electric power generation', 'renewable energy power generation', 'utilities'],
    ),
  ],
  [
    'oil and gas|oil|gas|petroleum|o and g',
    both(
      ['oil & energy'],
      ['oil and gas', 'oil extraction', 'natural gas extraction', 'oil, gas, and mining'],
    ),
  ],
  [
    'cleantech|clean tech|climate|climate tech|climatetech|renewable|renewables|renewable energy|clean energy|green energy|solar|sustainability',
    both(
      ['renewables & environment'],
      [
        'renewable energy power generation',
        'renewable energy equipment manufacturing',
        'solar electric power generation',
        'wind electric power generation',
        'services for renewable energy',
        'climate technology product manufacturing',
        'climate data and analytics',
      ],
    ),
  ],
  [
    'utility|utilities',
    both(
      ['utilities'],
      [
        'utilities',
        'electric power transmission, control, and distribution',
        'natural gas distribution',
        'water supply and irrigation systems',
      ],
    ),
  ],
  [
    'mining|metals|mining and metals',
    both(
      ['mining & metals'],
      [
        'mining',
        'metal ore mining',
        'coal mining',
        'nonmetallic mineral mining',
        'primary metal manufacturing',
      ],
    ),
  ],
  [
    'logistics|supply chain|shipping|freight|trucking|transportation|transport|3pl|freight forwarder|courier',
    both(
      [
        'logistics and supply chain',
        'transportation/trucking/railroad',
        'package/freight delivery',
        'warehousing',
        'maritime',
      ],
      [
        'transportation, logistics, supply chain and storage',
        'truck transportation',
        'rail transportation',
        'freight and package transportation',
        'warehousing and storage',
        'maritime transportation',
      ],
    ),
  ],
  [
    'retail|retailer',
    both(
      ['retail'],
      [
        'retail',
        'online and mail order retail',
        'retail groceries',
        'retail apparel and fashion',
        'retail luxury goods and jewelry',
        'retail furniture and home furnishings',
        'retail health and personal care products',
        'retail appliances, electrical, and electronic equipment',
        'retail building materials and garden equipment',
        'retail books and printed news',
        'retail pharmacies',
        'food and beverage retail',
      ],
    ),
  ],
  ['grocery|supermarket|grocer', both(['supermarkets'], ['retail groceries'])],
  [
    'consumer goods|cpg|fmcg|consumer packaged goods|consumer products',
    both(
      ['consumer goods'],
      [
        'personal care product manufacturing',
        'soap and cleaning product manufacturing',
        'food and beverage manufacturing',
        'beverage manufacturing',
      ],
    ),
  ],
  [
    'fashion|apparel|clothing',
    both(
      ['apparel & fashion'],
      [
        'retail apparel and fashion',
        'apparel manufacturing',
        'fashion accessories manufacturing',
        'footwear manufacturing',
      ],
    ),
  ],
  [
    'food and beverage|food and beverages|f and b|fnb|food and bev|food|beverage',
    both(
      ['food & beverages', 'food production'],
      ['food and beverage services', 'food and beverage manufacturing', 'food and beverage retail'],
    ),
  ],
  ['restaurant|restaurants|qsr', both(['restaurants'], ['restaurants'])],
  [
    'hospitality|hotel|hotels',
    both(
      ['hospitality', 'leisure, travel & tourism', 'restaurants'],
      ['hospitality', 'hotels and motels', 'accommodation services', 'travel arrangements', 'restaurants'],
    ),
  ],
  ['travel|tourism|travel and tourism', both(['leisure, travel & tourism'], ['travel arrangements'])],
  ['media', MEDIA],
  [
    'entertainment|film|movie|movies|music',
    both(
      ['entertainment', 'motion pictures and film', 'music'],
      [
        'entertainment providers',
        'movies, videos and sound',
        'movies and sound recording',
        'musicians',
        'sound recording',
      ],
    ),
  ],
  [
    'publishing|publisher|newspaper',
    both(
      ['publishing', 'newspapers'],
      ['book and periodical publishing', 'book publishing', 'periodical publishing', 'newspaper publishing'],
    ),
  ],
  [
    'advertising|adtech|ad tech|ad agency|advertising agency|creative agency',
    both(['marketing and advertising'], ['advertising services']),
  ],
  [
    'marketing agency|marketing and advertising|digital agency|martech|growth agency',
    both(['marketing and advertising'], ['advertising services', 'marketing services']),
  ],
  [
    'pr|public relations|pr agency|pr firm',
    both(['public relations and communications'], ['public relations and communications services']),
  ],
  [
    'consulting|consultancy|management consulting|strategy consulting|management consultancy',
    both(
      ['management consulting'],
      ['business consulting and services', 'strategic management services', 'operations consulting'],
    ),
  ],
  [
    'staffing|recruiting agency|recruitment agency|staffing agency|recruitment firm',
    both(
      ['staffing and recruiting'],
      ['staffing and recruiting', 'temporary help services', 'executive search services'],
    ),
  ],
  [
    'executive search|executive search firm|headhunter|headhunters|retained search',
    // The classic list has no such industry, and its "staffing and recruiting" is a current name too.
    both([], ['executive search services']),
  ],
  [
    'hr services|hr service|hr consultancy|hr consulting|hr outsourcing|hr firm|peo|hr tech|hrtech|human resources services',
    HR,
  ],
  [
    'bpo|outsourcing|offshoring|business process outsourcing',
    both(['outsourcing/offshoring'], ['outsourcing and offshoring consulting', 'telephone call centers']),
  ],
  [
    'law firm|law|legal services|legal industry',
    both(['law practice', 'legal services'], ['law practice', 'legal services']),
  ],
  ['accounting firm|accountancy|cpa firm|accounting practice', both(['accounting'], ['accounting'])],
  [
    'agriculture|agtech|ag tech|farming|farm|farms|agribusiness',
    both(
      ['farming', 'ranching', 'dairy', 'fishery'],
      ['farming', 'farming, ranching, forestry', 'ranching', 'fisheries', 'horticulture'],
    ),
  ],
  ['research|research institute|r and d lab|r and d|research and development|rnd', RESEARCH],
  ['sports|sport', both(['sports'], ['spectator sports', 'sports teams and clubs'])],
  ['fitness|wellness|gym|gyms', both(['health, wellness and fitness'], ['wellness and fitness services'])],
  ['veterinary|animal health', both(['veterinary'], ['veterinary services'])],
  [
    'wine|spirits|alcohol|brewery|distillery|winery',
    both(['wine and spirits'], ['wineries', 'breweries', 'distilleries', 'wholesale alcoholic beverages']),
  ],
  ['architecture|architecture firm', both(['architecture & planning'], ['architecture and planning'])],
  ['nonprofit sector|non profit sector|charity sector|third sector', NONPROFIT_INDUSTRIES],
  ['government sector|public sector', GOVERNMENT_INDUSTRIES],
  [
    'ai|ai ml|ai / ml|ml|artificial intelligence|machine learning|genai|gen ai|generative ai|ai first',
    both(
      ['computer software', 'internet'],
      ['software development', 'technology, information and internet', 'data infrastructure and analytics'],
    ),
    'org',
  ],
];

/**
 * Job-function words that name an industry when said of companies or before a company noun
 * ("accounting firms", "companies in finance" is finance above).
 */
export const FUNCTION_INDUSTRIES: readonly (readonly [keys: string, industries: readonly string[]])[] = [
  ['accounting', both(['accounting'], ['accounting'])],
  ['legal', both(['law practice', 'legal services'], ['law practice', 'legal services'])],
  ['design', both(['design', 'graphic design'], ['design services', 'graphic design', 'interior design'])],
  ['marketing', both(['marketing and advertising'], ['marketing services', 'advertising services'])],
  // The HR industry, as "hr services" above; staffing is an industry of its own.
  ['hr|human resources', HR],
  [
    'engineering',
    both(
      ['civil engineering', 'mechanical or industrial engineering'],
      ['civil engineering', 'engineering services'],
    ),
  ],
  ['it', both(['information technology and services'], ['it services and it consulting'])],
  [
    'data|analytics',
    both(
      ['information services', 'market research'],
      ['information services', 'market research', 'data infrastructure and analytics'],
    ),
  ],
  [
    'security',
    both(
      ['security and investigations', 'computer & network security'],
      ['security and investigations', 'security guards and patrol services', 'computer and network security'],
    ),
  ],
];
