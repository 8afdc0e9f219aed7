/**
 * Roles: job-title synonyms, seniority words and job functions, mapped to SPEC.md's
 * `seniority_level` and `job_function` values. Keys are singular; the lexicon adds plurals.
 * Title terms are matched as substrings of the current job title (`job_title ILIKE '%term%'`,
 * terms of 3 characters or fewer at a word start), so each synonym set lists the spellings
 * titles use, not every spelling people type; a spelling the served build never stores costs
 * nothing.
 *
 * Sources for the title synonyms. What a word names is the occupation of the O*NET-SOC
 * taxonomy (U.S. Department of Labor / ETA, onetcenter.org, CC BY 4.0; SOC 2018 codes beside
 * the rows that name one). O*NET's alternate and lay titles would be the natural synonym list,
 * but no package this project can install carries them (npm registry, 2026-11: none; the
 * O*NET database is a download from onetcenter.org, which the build machines cannot reach), so
 * the spellings are curated: US and UK names of one occupation (physical therapist /
 * physiotherapist, attorney / solicitor / barrister, truck / lorry / HGV driver, counselor /
 * counsellor), the abbreviations titles and people use (DBA, SRE, RN, LPN, CPA, SDR, BDR, CSM,
 * HRBP, EMT), "X dev" for "X developer", and the hyphenated spellings titles store
 * ("front-end developer": `ILIKE '%front end%'` does not match it). A two-word role keeps both
 * words ("nurse practitioner", "business analyst", "sales engineer"): shortened to its last
 * word it would mean every nurse, analyst or engineer.
 */
import type { JobFunction, SeniorityLevel } from '@app/contracts';

/** Phrase(s) → title terms. */
export const TITLE_SYNONYMS: readonly (readonly [keys: string, terms: string])[] = [
  // software and IT (SOC 15-12xx)
  [
    'software engineer|software developer|swe|software dev|sde|software programmer|software eng',
    'software engineer|software developer|software development engineer',
  ], // 15-1252
  ['engineer', 'engineer'],
  ['developer|dev|programmer|coder', 'developer|programmer'],
  [
    'frontend engineer|frontend developer|front end engineer|front end developer|frontend|front end|frontend dev|front end dev',
    'frontend|front end|front-end',
  ],
  [
    'backend engineer|backend developer|back end engineer|back end developer|backend|back end|backend dev|back end dev',
    'backend|back end|back-end',
  ],
  [
    'full stack engineer|full stack developer|fullstack engineer|fullstack developer|full stack|fullstack|full stack dev|fullstack dev',
    'full stack|fullstack|full-stack',
  ],
  ['devops engineer|devops', 'devops'],
  ['sre|site reliability engineer|site reliability', 'site reliability|sre'],
  ['platform engineer', 'platform engineer'],
  [
    'qa engineer|qa|quality assurance engineer|tester|test engineer|qa analyst|qa tester|software tester|test automation engineer',
    'qa|quality assurance|test engineer|tester|test automation',
  ], // 15-1253
  ['mobile developer|mobile engineer|mobile dev', 'mobile|ios|android'],
  ['ios developer|ios engineer|ios dev', 'ios'],
  ['android developer|android engineer|android dev', 'android'],
  ['web developer|web dev', 'web developer'], // 15-1254
  ['dba|database administrator|database admin|db admin', 'database administrator|dba'], // 15-1242
  [
    'systems administrator|sysadmin|system administrator|sys admin|systems admin',
    'systems administrator|system administrator|sysadmin',
  ], // 15-1244
  ['network engineer|network administrator|network admin', 'network'],
  [
    'help desk|helpdesk|help desk technician|help desk tech|helpdesk technician|helpdesk tech|help desk analyst|helpdesk analyst|service desk|service desk analyst',
    'help desk|helpdesk|service desk',
  ], // 15-1232
  ['security engineer|security analyst|infosec engineer', 'security'],
  ['cloud engineer|cloud architect', 'cloud'],
  ['solutions architect|solution architect', 'solutions architect|solution architect'],
  ['architect', 'architect'],
  ['scrum master', 'scrum master'],
  // data
  ['data scientist', 'data scientist'], // 15-2051
  ['data engineer', 'data engineer'],
  ['data analyst', 'data analyst'],
  ['business analyst', 'business analyst'],
  ['bi analyst|business intelligence analyst', 'business intelligence analyst|bi analyst'],
  ['analyst', 'analyst'],
  ['analytics engineer', 'analytics engineer'],
  ['machine learning engineer|ml engineer|mle', 'machine learning engineer|ml engineer'],
  ['ai engineer', 'ai engineer'],
  // product and design
  ['product manager|pm|product mgr', 'product manager'],
  ['product owner', 'product owner'],
  ['program manager', 'program manager'],
  ['project manager', 'project manager'], // 13-1082
  ['designer', 'designer'],
  ['ux|ui ux|ux ui', 'ux|ui/ux'],
  ['ux designer|ux ui designer|ui ux designer', 'ux designer|ux/ui designer|ux ui designer'],
  ['ui designer', 'ui designer'],
  ['ux researcher|ux research', 'ux research'],
  ['product designer', 'product designer'],
  ['graphic designer', 'graphic designer'],
  // people, sales and customers
  [
    'recruiter|talent acquisition specialist|talent acquisition partner|talent partner|sourcer|recruitment consultant',
    'recruiter|recruitment|recruiting|talent acquisition|talent partner|sourcer',
  ], // 13-1071
  [
    'hrbp|hr business partner|human resources business partner|people partner',
    'hr business partner|human resources business partner|hrbp|people partner',
  ],
  ['account executive|ae', 'account executive'],
  ['sdr|sales development representative|sales development rep', 'sales development rep|sdr'],
  ['bdr|business development representative|business development rep', 'business development rep|bdr'],
  // "sales executive": the UK's title for a sales representative
  ['sales rep|sales representative', 'sales rep|sales executive'],
  [
    'sales engineer|solutions engineer|presales engineer|pre sales engineer',
    'sales engineer|solutions engineer|presales|pre sales',
  ], // 41-9031
  ['account manager', 'account manager'],
  [
    'customer success manager|csm|client success manager',
    'customer success manager|client success manager|csm',
  ],
  [
    'customer service representative|customer service rep|customer service advisor|customer service agent',
    'customer service rep|customer service advisor|customer service agent|customer service associate',
  ], // 43-4051
  // finance and law
  ['accountant', 'accountant|cpa'], // 13-2011
  ['cpa|certified public accountant', 'certified public accountant|cpa'],
  ['chartered accountant', 'chartered accountant'],
  ['bookkeeper', 'bookkeeper'],
  ['auditor', 'auditor'],
  ['financial analyst|fp and a analyst', 'financial analyst|fp&a analyst|fp and a analyst'], // 13-2051
  ['lawyer|attorney|counsel|attorney at law', 'attorney|lawyer|counsel|solicitor|barrister'], // 23-1011
  ['solicitor', 'solicitor'],
  ['barrister', 'barrister'],
  ['general counsel', 'general counsel'],
  ['paralegal', 'paralegal'], // 23-2011
  // health (SOC 29, 31)
  ['nurse', 'nurse|rn|lpn|lvn'],
  // "staff nurse": the UK's title for a registered nurse
  ['rn|registered nurse', 'registered nurse|staff nurse|rn'], // 29-1141
  [
    'lpn|lvn|licensed practical nurse|licensed vocational nurse',
    'licensed practical nurse|licensed vocational nurse|lpn|lvn',
  ], // 29-2061
  ['nurse practitioner', 'nurse practitioner'], // 29-1171
  ['doctor|physician|medical doctor', 'physician|doctor|general practitioner|surgeon|hospitalist'],
  // Not "gp": in a fund's build that is a general partner.
  ['general practitioner|family doctor|family physician', 'general practitioner|family physician'],
  ['surgeon', 'surgeon'],
  ['physician assistant|physician associate', 'physician assistant|physician associate'], // 29-1071
  ['medical assistant|clinical assistant', 'medical assistant|clinical assistant'], // 31-9092
  ['cna|certified nursing assistant|nursing assistant|nurse aide', 'nursing assistant|nurse aide|cna'], // 31-1131
  ['dental hygienist|hygienist', 'hygienist'], // 29-1292
  ['pharmacist', 'pharmacist'], // 29-1051
  ['physiotherapist|physical therapist|physio', 'physio|physical therapist'], // 29-1123
  ['occupational therapist', 'occupational therapist'], // 29-1122
  [
    'speech therapist|speech language pathologist|slp|speech and language therapist',
    'speech therapist|speech language pathologist|speech-language pathologist|speech and language therapist|slp',
  ], // 29-1127
  ['therapist', 'therapist'],
  ['psychologist', 'psychologist'],
  ['paramedic|emt|emergency medical technician', 'paramedic|emergency medical technician|emt'], // 29-2043
  ['midwife|midwives', 'midwi'], // 29-1161
  ['dentist', 'dentist'],
  // education, social services
  ['teacher', 'teacher'],
  [
    'high school teacher|secondary school teacher|secondary teacher',
    'high school teacher|secondary school teacher|secondary teacher',
  ], // 25-2031
  [
    'elementary school teacher|primary school teacher|primary teacher|elementary teacher',
    'elementary school teacher|primary school teacher|primary teacher|elementary teacher',
  ], // 25-2021
  ['professor|lecturer|faculty', 'professor|lecturer'],
  ['social worker', 'social worker'], // 21-102x
  ['counselor|counsellor', 'counselor|counsellor'],
  ['case worker|caseworker', 'case worker|caseworker'],
  ['support worker', 'support worker'],
  ['home health aide|home care worker|home carer|home care aide', 'home health aide|home care'], // 31-1121
  // other professions
  ['consultant', 'consultant'],
  ['scientist|research scientist', 'scientist'],
  ['researcher', 'researcher'],
  ['writer', 'writer'],
  ['copywriter', 'copywriter'],
  ['content writer', 'content writer'],
  ['editor', 'editor'],
  ['journalist|reporter', 'journalist|reporter'],
  // trades, transport, service
  ['electrician|electrical technician', 'electrician|electrical technician'], // 47-2111
  ['plumber', 'plumber'],
  ['carpenter|joiner', 'carpenter|joiner'], // 47-2031
  ['welder', 'welder'], // 51-4121
  ['hvac technician|hvac tech|heating engineer', 'hvac|heating engineer'], // 49-9021
  ['mechanic', 'mechanic'],
  ['driver', 'driver'],
  [
    'truck driver|trucker|lorry driver|hgv driver|cdl driver',
    'truck driver|trucker|lorry driver|hgv driver|cdl driver',
  ], // 53-3032
  [
    'warehouse worker|warehouse associate|warehouse operative',
    'warehouse associate|warehouse operative|warehouse worker',
  ],
  ['pilot', 'pilot'],
  ['chef', 'chef'], // 35-1011
  ['cook', 'cook'], // 35-2014
  ['waiter|waitress|waitstaff|wait staff', 'waiter|waitress|waitstaff'], // 35-3031
  ['bartender|barman|barmaid', 'bartender|barman|barmaid'], // 35-3011
  ['barista', 'barista'],
  ['cashier|checkout operator', 'cashier|checkout operator'], // 41-2011
  ['receptionist', 'receptionist'], // 43-4171
  ['store manager|shop manager', 'store manager|shop manager'],
  // leadership titles
  ['tech lead|technical lead|team lead|team leader', 'tech lead|technical lead|team lead'],
  ['founder|co founder|cofounder|founding member', 'founder'],
  ['ceo|chief executive|chief executive officer', 'chief executive officer|ceo'],
  ['cto|chief technology officer|chief technical officer', 'chief technology officer|cto'],
  ['cfo|chief financial officer', 'chief financial officer|cfo'],
  ['coo|chief operating officer|chief operations officer', 'chief operating officer|coo'],
  ['cmo|chief marketing officer', 'chief marketing officer|cmo'],
  ['cio|chief information officer', 'chief information officer|cio'],
  [
    'ciso|chief information security officer|chief security officer',
    'chief information security officer|ciso',
  ],
  ['cpo|chief product officer', 'chief product officer|cpo'],
  [
    'chro|chief people officer|chief human resources officer',
    'chief people officer|chief human resources officer|chro',
  ],
  ['cro|chief revenue officer', 'chief revenue officer|cro'],
  ['cdo|chief data officer', 'chief data officer|cdo'],
  ['managing director', 'managing director'],
  ['general manager', 'general manager'],
  ['executive assistant|personal assistant', 'executive assistant|personal assistant'],
  ['administrative assistant|admin assistant', 'administrative assistant|admin assistant'], // 43-6014
  ['executive director', 'executive director'],
];

/**
 * Short forms of title words, as people and titles write them ("project mgr", "acct execs",
 * "office admins", "lab techs"). A phrase of two or more words that no table or stored title
 * knows as typed is looked up again with these spelled out, and read only as a title; a phrase
 * known as typed ("admin assistant", "sales rep") keeps its own reading. Curated from common
 * usage; the plurals follow.
 */
export const TITLE_WORD_SHORT_FORMS: readonly (readonly [short: string, word: string])[] = [
  ['mgr|mngr', 'manager'],
  ['acct', 'account'],
  ['exec', 'executive'],
  ['admin', 'administrator'],
  ['asst', 'assistant'],
  ['coord', 'coordinator'],
  ['dir', 'director'],
  ['engr', 'engineer'],
  ['tech', 'technician'],
  ['rep', 'representative'],
  ['spec', 'specialist'],
  ['mktg', 'marketing'],
];

/**
 * Seniority words → `seniority_level`. "Weak" words ("staff", "lead", "principal") count only
 * before a role ("staff engineers"), since alone they usually mean something else.
 */
export const SENIORITY_WORDS: readonly (readonly [keys: string, levels: string, weak?: 'weak'])[] = [
  ['senior|sr|snr|seniors', 'senior'],
  ['staff|principal|lead', 'senior', 'weak'],
  ['junior|jr|entry level|juniors|associate level|early career', 'junior'],
  ['intern|internship|interns|summer intern', 'intern'],
  ['trainee|apprentice|apprenticeship|graduate trainee', 'training'],
  ['manager|mgr|managers|middle management|people manager', 'manager'],
  ['director|directors|head of|heads of|dir', 'director'],
  ['vp|vps|vice president|vice presidents|svp|evp|avp|senior vice president|executive vice president', 'vp'],
  ['chief|c level|c suite|csuite|cxo|cxos|c levels|c level executive', 'c_level'],
  ['executive|executives|exec|execs|top management|senior management', 'c_level|vp'],
  ['leader|leaders|leadership|senior leader|senior leaders|senior leadership', 'c_level|vp|director'],
  ['owner|owners|business owner|proprietor', 'owner'],
  ['partner|partners|managing partner|equity partner', 'partner'],
];

/** From least to most senior, for "director or above" and "at least senior". */
export const SENIORITY_ORDER: readonly SeniorityLevel[] = [
  'intern',
  'training',
  'junior',
  'senior',
  'manager',
  'director',
  'vp',
  'partner',
  'owner',
  'c_level',
];

/**
 * Job-function words → `job_function`. Said of companies, or before a company noun
 * ("accounting firms"), a word with an industry reading is read as the industry instead
 * (see industries.ts, FUNCTION_INDUSTRIES).
 */
export const FUNCTION_WORDS: readonly (readonly [keys: string, functions: JobFunction])[] = [
  // "eng" as people type it for the function: "eng interns", "outside eng".
  ['engineering|software engineering|engineering team|r and d|eng|engg', 'engineering'],
  ['it|information technology|it support|tech support', 'information_technology'],
  ['product|product management', 'product'],
  ['design|creative', 'design'],
  // "salespeople": people mean everyone selling, not the title "sales representative".
  [
    'sales|business development|bizdev|biz dev|selling|salespeople|salesperson|sales person|salesfolk|salesfolks',
    'sales',
  ],
  ['marketing|marketers|marketer|growth marketing|demand generation|comms|communications', 'marketing'],
  ['operations|ops|supply chain|procurement|purchasing', 'operations'],
  ['finance|accounting|fp and a|financial planning|treasury|bookkeeping', 'finance'],
  ['hr|human resources|people ops|people operations|talent|recruiting|recruitment|talent acquisition', 'hr'],
  ['legal|compliance|legal team', 'legal'],
  ['customer success|customer support|support|customer service|cx|customer experience', 'customer_success'],
  ['data|analytics|data science|business intelligence|bi', 'data'],
  [
    'clinical|clinician|clinicians|medical staff|healthcare worker|healthcare professional|nursing|caregivers',
    'healthcare',
  ],
  ['educator|educators|teaching|academics|academia', 'education'],
  ['social services|social work|case management', 'social_services'],
  ['trades|skilled trades|tradespeople|tradesperson|blue collar|craftsmen', 'trades'],
  ['transportation|logistics staff|drivers', 'transportation'],
  ['service workers|hospitality workers|retail workers|frontline', 'service'],
];

/** Decision makers (`is_decision_maker`) and platform workers (`is_platform_worker`). */
export const FLAG_WORDS: readonly (readonly [keys: string, flag: 'decision_maker' | 'platform_worker'])[] = [
  [
    'decision maker|decision makers|budget holder|budget holders|economic buyer|economic buyers',
    'decision_maker',
  ],
  [
    'platform worker|platform workers|gig worker|gig workers|gig economy worker|gig economy workers',
    'platform_worker',
  ],
];

export const SEX_WORDS: readonly (readonly [keys: string, value: 'female' | 'male'])[] = [
  ['woman|women|female|females|lady|ladies|womens', 'female'],
  ['man|men|male|males|mens|gentlemen', 'male'],
];
