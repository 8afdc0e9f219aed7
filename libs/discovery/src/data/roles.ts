/**
 * Roles: job-title synonyms, seniority words and job functions, mapped to SPEC.md's
 * `seniority_level` and `job_function` values. Keys are singular; the lexicon adds plurals.
 * Title terms are matched as substrings of the current job title (`job_title ILIKE '%term%'`,
 * terms of 3 characters or fewer at a word start), so each synonym set lists the spellings
 * titles use, not every spelling people type.
 */
import type { JobFunction, SeniorityLevel } from '@app/contracts';

/** Phrase(s) → title terms. */
export const TITLE_SYNONYMS: readonly (readonly [keys: string, terms: string])[] = [
  [
    'software engineer|software developer|swe|software dev|sde|software programmer',
    'software engineer|software developer',
  ],
  ['engineer', 'engineer'],
  ['developer|dev|programmer|coder', 'developer|programmer'],
  [
    'frontend engineer|frontend developer|front end engineer|front end developer|frontend|front end',
    'frontend|front end',
  ],
  [
    'backend engineer|backend developer|back end engineer|back end developer|backend|back end',
    'backend|back end',
  ],
  [
    'full stack engineer|full stack developer|fullstack engineer|fullstack developer|full stack|fullstack',
    'full stack|fullstack',
  ],
  ['devops engineer|devops', 'devops'],
  ['sre|site reliability engineer', 'site reliability'],
  ['platform engineer', 'platform engineer'],
  [
    'qa engineer|qa|quality assurance engineer|tester|test engineer|qa analyst',
    'qa|quality assurance|test engineer|tester',
  ],
  ['mobile developer|mobile engineer|mobile dev', 'mobile|ios|android'],
  ['ios developer|ios engineer|ios dev', 'ios'],
  ['android developer|android engineer|android dev', 'android'],
  ['web developer|web dev', 'web developer'],
  ['data scientist', 'data scientist'],
  ['data engineer', 'data engineer'],
  ['data analyst', 'data analyst'],
  ['analyst', 'analyst'],
  ['analytics engineer', 'analytics engineer'],
  ['machine learning engineer|ml engineer|mle', 'machine learning engineer|ml engineer'],
  ['ai engineer', 'ai engineer'],
  ['security engineer|security analyst|infosec engineer', 'security'],
  ['cloud engineer|cloud architect', 'cloud'],
  ['network engineer|network administrator', 'network'],
  ['systems administrator|sysadmin|system administrator', 'systems administrator|system administrator'],
  ['solutions architect|solution architect', 'solutions architect|solution architect'],
  ['architect', 'architect'],
  ['product manager|pm|product mgr', 'product manager'],
  ['product owner', 'product owner'],
  ['program manager', 'program manager'],
  ['project manager', 'project manager'],
  ['designer', 'designer'],
  ['ux designer|ui designer|ux ui designer|ui ux designer|ux researcher', 'ux|ui designer'],
  ['product designer', 'product designer'],
  ['graphic designer', 'graphic designer'],
  ['recruiter|talent acquisition specialist|talent partner|sourcer', 'recruiter|talent acquisition'],
  ['account executive|ae', 'account executive'],
  [
    'sdr|bdr|sales development representative|business development representative',
    'development representative',
  ],
  ['sales rep|sales representative|salesperson|salespeople|sales person', 'sales representative'],
  ['account manager', 'account manager'],
  ['customer success manager|csm', 'customer success manager'],
  ['accountant|cpa', 'accountant'],
  ['bookkeeper', 'bookkeeper'],
  ['auditor', 'auditor'],
  ['financial analyst', 'financial analyst'],
  ['lawyer|attorney|counsel|solicitor', 'attorney|lawyer|counsel|solicitor'],
  ['general counsel', 'general counsel'],
  ['paralegal', 'paralegal'],
  ['nurse|rn|registered nurse', 'nurse'],
  ['doctor|physician', 'physician|doctor'],
  ['pharmacist', 'pharmacist'],
  ['therapist', 'therapist'],
  ['dentist', 'dentist'],
  ['teacher', 'teacher'],
  ['professor|lecturer|faculty', 'professor|lecturer'],
  ['consultant', 'consultant'],
  ['scientist|research scientist', 'scientist'],
  ['researcher', 'researcher'],
  ['writer|copywriter', 'writer'],
  ['editor', 'editor'],
  ['journalist|reporter', 'journalist|reporter'],
  ['electrician', 'electrician'],
  ['plumber', 'plumber'],
  ['mechanic', 'mechanic'],
  ['driver|truck driver|trucker', 'driver'],
  ['pilot', 'pilot'],
  ['chef|cook', 'chef|cook'],
  ['social worker', 'social worker'],
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
  ['executive director', 'executive director'],
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
  ['engineering|software engineering|engineering team|r and d', 'engineering'],
  [
    'it|information technology|it support|tech support|helpdesk|help desk|sysadmins',
    'information_technology',
  ],
  ['product|product management', 'product'],
  ['design|ux|ui ux|ux ui|creative', 'design'],
  ['sales|business development|bizdev|biz dev|selling', 'sales'],
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
