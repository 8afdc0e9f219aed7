/**
 * Job titles by function and seniority. A sector or industry may override a function's titles
 * (an engineer at a car maker is a mechanical engineer; a "teacher" at a university is a
 * lecturer), and any seniority a table leaves out falls back to the base function's list.
 */
import type { JobFunction, SeniorityLevel } from '@app/contracts';
import type { Sector } from './industries';

export type TitleTable = Partial<Record<SeniorityLevel, readonly string[]>>;

const t = (csv: string): string[] => csv.split('|');

export const BASE_TITLES: Readonly<Record<JobFunction, TitleTable>> = {
  engineering: {
    intern: t('software engineering intern|engineering intern'),
    training: t('graduate software engineer|apprentice software developer|engineering trainee'),
    junior: t(
      'software engineer|software developer|associate software engineer|junior software engineer|frontend developer|backend developer|full stack developer|qa engineer|devops engineer|mobile developer|web developer',
    ),
    senior: t(
      'senior software engineer|staff software engineer|principal software engineer|senior backend engineer|senior frontend engineer|lead software engineer|senior devops engineer|site reliability engineer|software architect|senior qa engineer',
    ),
    manager: t('engineering manager|software development manager|qa manager|technical lead manager'),
    director: t('director of engineering|senior director of engineering|head of engineering'),
    vp: t('vp of engineering|vice president of engineering|svp, engineering'),
    c_level: t('chief technology officer|cto'),
  },
  information_technology: {
    intern: t('it intern'),
    training: t('it support trainee|apprentice it technician'),
    junior: t(
      'it support specialist|help desk technician|systems administrator|network administrator|it analyst|desktop support technician|security analyst|database administrator',
    ),
    senior: t(
      'senior systems administrator|network engineer|senior security analyst|cloud engineer|systems engineer|security engineer|senior it analyst|it architect',
    ),
    manager: t('it manager|infrastructure manager|it service manager|security operations manager'),
    director: t(
      'director of information technology|director of it infrastructure|director of information security',
    ),
    vp: t('vp of information technology|vice president, it'),
    c_level: t('chief information officer|chief information security officer'),
  },
  product: {
    intern: t('product management intern'),
    training: t('associate product manager'),
    junior: t('product manager|product owner|product analyst|technical product manager'),
    senior: t('senior product manager|principal product manager|lead product manager|senior product owner'),
    manager: t('group product manager|product management lead'),
    director: t('director of product|director of product management|head of product'),
    vp: t('vp of product|vice president of product management'),
    c_level: t('chief product officer'),
  },
  design: {
    intern: t('design intern|ux design intern'),
    training: t('junior designer'),
    junior: t(
      'ux designer|ui designer|graphic designer|product designer|visual designer|interaction designer|ux researcher',
    ),
    senior: t(
      'senior product designer|senior ux designer|lead designer|senior graphic designer|principal designer|art director',
    ),
    manager: t('design manager|ux manager'),
    director: t('creative director|director of design|head of design'),
    vp: t('vp of design|vice president, creative'),
    c_level: t('chief design officer|chief creative officer'),
  },
  sales: {
    intern: t('sales intern'),
    training: t('sales trainee|sales development representative'),
    junior: t(
      'account executive|sales representative|account manager|inside sales representative|business development representative|sales associate|territory sales representative',
    ),
    senior: t(
      'senior account executive|enterprise account executive|senior account manager|key account manager|strategic account executive|business development manager',
    ),
    manager: t('sales manager|regional sales manager|district sales manager|inside sales manager'),
    director: t('director of sales|regional sales director|director of business development'),
    vp: t('vp of sales|vice president of sales|svp, global sales'),
    c_level: t('chief revenue officer|chief sales officer'),
  },
  marketing: {
    intern: t('marketing intern'),
    training: t('marketing trainee|marketing assistant'),
    junior: t(
      'marketing coordinator|marketing specialist|content marketing specialist|social media coordinator|seo specialist|digital marketing specialist|brand associate|communications specialist',
    ),
    senior: t(
      'senior marketing specialist|product marketing manager|senior content strategist|growth marketing lead|senior brand manager|demand generation lead',
    ),
    manager: t('marketing manager|brand manager|digital marketing manager|communications manager'),
    director: t('director of marketing|marketing director|head of marketing'),
    vp: t('vp of marketing|vice president of marketing'),
    c_level: t('chief marketing officer'),
  },
  operations: {
    intern: t('operations intern'),
    training: t('operations trainee|management trainee'),
    junior: t(
      'operations coordinator|operations analyst|administrative assistant|executive assistant|project coordinator|office administrator|buyer|procurement specialist|supply chain analyst|logistics coordinator',
    ),
    senior: t(
      'senior operations analyst|project manager|program manager|senior project manager|senior business analyst|supply chain planner|process improvement lead',
    ),
    manager: t(
      'operations manager|office manager|plant manager|supply chain manager|facilities manager|procurement manager',
    ),
    director: t('director of operations|operations director|director of supply chain'),
    vp: t('vp of operations|vice president of operations'),
    c_level: t('chief operating officer'),
  },
  finance: {
    intern: t('finance intern|accounting intern'),
    training: t('accounting trainee|finance graduate trainee'),
    junior: t(
      'accountant|staff accountant|financial analyst|accounts payable specialist|bookkeeper|auditor|payroll specialist|credit analyst|tax associate',
    ),
    senior: t(
      'senior accountant|senior financial analyst|senior auditor|tax manager|treasury analyst|fp&a lead',
    ),
    manager: t('finance manager|accounting manager|controller|audit manager'),
    director: t('director of finance|finance director|director of financial planning & analysis'),
    vp: t('vp of finance|vice president of finance|treasurer'),
    c_level: t('chief financial officer|cfo'),
    partner: t('partner|managing partner|audit partner|tax partner'),
  },
  hr: {
    intern: t('human resources intern'),
    training: t('hr assistant'),
    junior: t(
      'recruiter|hr coordinator|talent acquisition specialist|hr generalist|benefits specialist|people operations coordinator',
    ),
    senior: t(
      'senior recruiter|hr business partner|senior hr generalist|technical recruiter|compensation analyst',
    ),
    manager: t('hr manager|talent acquisition manager|people operations manager|recruiting manager'),
    director: t('director of human resources|director of talent acquisition|head of people'),
    vp: t('vp of people|vice president of human resources'),
    c_level: t('chief people officer|chief human resources officer'),
  },
  legal: {
    intern: t('legal intern|summer associate'),
    training: t('trainee solicitor|law clerk'),
    junior: t(
      'paralegal|legal assistant|associate attorney|attorney|contracts administrator|compliance analyst',
    ),
    senior: t('senior associate|senior counsel|counsel|senior paralegal|compliance manager'),
    manager: t('legal operations manager|managing attorney'),
    director: t('associate general counsel|director of compliance'),
    vp: t('deputy general counsel|vp, legal|general counsel'),
    c_level: t('chief legal officer|chief compliance officer'),
    partner: t('partner|managing partner|senior partner|equity partner|founding partner'),
  },
  customer_success: {
    intern: t('customer support intern'),
    training: t('customer service trainee'),
    junior: t(
      'customer service representative|customer support specialist|customer success manager|technical support specialist|client services associate|call center agent',
    ),
    senior: t(
      'senior customer success manager|senior support engineer|customer success lead|senior client services manager',
    ),
    manager: t('customer support manager|customer success team lead|client services manager'),
    director: t('director of customer success|director of customer support'),
    vp: t('vp of customer success|vice president, customer experience'),
    c_level: t('chief customer officer'),
  },
  data: {
    intern: t('data science intern|data analyst intern'),
    training: t('junior data analyst'),
    junior: t(
      'data analyst|data scientist|data engineer|business intelligence analyst|machine learning engineer|analytics engineer',
    ),
    senior: t(
      'senior data scientist|senior data engineer|lead data analyst|staff machine learning engineer|principal data scientist',
    ),
    manager: t('analytics manager|data science manager|data engineering manager'),
    director: t('director of data science|director of analytics|head of data'),
    vp: t('vp of data|vice president, analytics'),
    c_level: t('chief data officer'),
  },
  executive: {
    manager: t('general manager|managing director'),
    director: t('executive director|managing director|regional director'),
    vp: t('executive vice president|senior vice president|president'),
    c_level: t('chief executive officer|ceo|president & ceo|president'),
    owner: t('owner|founder|co-founder|founder & ceo|co-owner|proprietor'),
  },
  social_services: {
    intern: t('social work intern'),
    training: t('youth worker trainee'),
    junior: t(
      'social worker|case manager|counselor|program coordinator|community outreach coordinator|family support worker|youth worker',
    ),
    senior: t('senior social worker|clinical social worker|senior case manager|program manager'),
    manager: t('case management supervisor|program manager|volunteer manager'),
    director: t('program director|director of community services'),
    vp: t('vp of programs'),
    c_level: t('chief program officer'),
  },
  healthcare: {
    intern: t('medical intern|nursing student'),
    training: t('resident physician|nursing assistant|pharmacy technician trainee'),
    junior: t(
      'registered nurse|medical assistant|physical therapist|pharmacist|dental hygienist|licensed practical nurse|radiologic technologist|medical technologist|occupational therapist|respiratory therapist',
    ),
    senior: t(
      'physician|nurse practitioner|charge nurse|clinical nurse specialist|senior pharmacist|physician assistant|attending physician|dentist',
    ),
    manager: t('nurse manager|clinic manager|practice manager|pharmacy manager'),
    director: t('director of nursing|medical director|director of clinical operations'),
    vp: t('vp of clinical operations|vice president of patient care'),
    c_level: t('chief medical officer|chief nursing officer'),
    owner: t('practice owner'),
  },
  education: {
    intern: t('student teacher'),
    training: t('teaching assistant|teacher trainee'),
    junior: t(
      'teacher|elementary school teacher|high school teacher|tutor|instructor|special education teacher',
    ),
    senior: t('senior teacher|lead teacher|department head|curriculum specialist'),
    manager: t('assistant principal|academic coordinator'),
    director: t('principal|director of curriculum'),
    vp: t('superintendent|vice president of academic affairs'),
    c_level: t('chief academic officer'),
  },
  trades: {
    intern: t('apprentice'),
    training: t('apprentice electrician|apprentice carpenter|apprentice plumber|trainee technician'),
    junior: t(
      'electrician|plumber|carpenter|hvac technician|welder|machinist|maintenance technician|mechanic|construction worker|production worker|assembler|painter',
    ),
    senior: t(
      'master electrician|journeyman electrician|senior technician|lead carpenter|lead welder|senior maintenance technician|crew lead',
    ),
    manager: t('foreman|site supervisor|maintenance manager|production supervisor'),
    director: t('construction superintendent|director of maintenance|general superintendent'),
    vp: t('vp of field operations'),
    c_level: t('chief operating officer'),
    owner: t('owner|owner-operator|contractor'),
  },
  transportation: {
    intern: t('logistics intern'),
    training: t('driver trainee'),
    junior: t(
      'truck driver|delivery driver|forklift operator|dispatcher|warehouse associate|courier|bus driver|flight attendant',
    ),
    senior: t('senior dispatcher|lead driver|airline pilot|captain|senior logistics specialist'),
    manager: t('fleet manager|transportation manager|warehouse manager|dispatch manager'),
    director: t('director of transportation|director of logistics'),
    vp: t('vp of logistics'),
    c_level: t('chief logistics officer'),
    owner: t('owner-operator'),
  },
  service: {
    intern: t('hospitality intern'),
    training: t('trainee chef|crew member'),
    junior: t(
      'server|bartender|barista|cashier|retail sales associate|line cook|housekeeper|front desk agent|store associate|host|customer service associate|personal trainer|hair stylist',
    ),
    senior: t('sous chef|head bartender|senior sales associate|shift supervisor|lead cook|senior stylist'),
    manager: t(
      'store manager|restaurant manager|assistant store manager|front office manager|general manager',
    ),
    director: t('director of food and beverage|regional manager|district manager'),
    vp: t('vp of retail operations'),
    c_level: t('chief operating officer'),
    owner: t('owner|restaurant owner|franchise owner|shop owner'),
  },
  other: {
    intern: t('intern'),
    training: t('trainee'),
    junior: t(
      'consultant|associate|research assistant|translator|freelance writer|volunteer coordinator|analyst',
    ),
    senior: t('senior consultant|senior associate|principal consultant|senior researcher'),
    manager: t('engagement manager|team lead'),
    director: t('director|principal'),
    vp: t('vice president'),
    c_level: t('chief of staff'),
    owner: t('independent consultant|self-employed|freelancer'),
  },
};

/** Sector-specific titles, keyed `<function>:<sector>`. */
export const SECTOR_TITLES: Readonly<Partial<Record<`${JobFunction}:${Sector}`, TitleTable>>> = {
  'engineering:manufacturing': {
    intern: t('mechanical engineering intern|manufacturing engineering intern'),
    junior: t(
      'mechanical engineer|manufacturing engineer|process engineer|quality engineer|electrical engineer|design engineer|industrial engineer',
    ),
    senior: t(
      'senior mechanical engineer|senior process engineer|lead engineer|principal engineer|senior quality engineer',
    ),
    manager: t('engineering manager|quality manager'),
  },
  'engineering:construction': {
    intern: t('civil engineering intern'),
    junior: t('civil engineer|structural engineer|project engineer|field engineer|estimator'),
    senior: t('senior civil engineer|senior structural engineer|senior project engineer|senior estimator'),
    manager: t('engineering manager|project manager'),
  },
  'engineering:energy': {
    intern: t('engineering intern'),
    junior: t(
      'electrical engineer|petroleum engineer|environmental engineer|field engineer|process engineer',
    ),
    senior: t(
      'senior electrical engineer|senior petroleum engineer|senior reservoir engineer|principal engineer',
    ),
  },
  'engineering:transport': {
    junior: t('logistics engineer|industrial engineer|maintenance engineer|aircraft maintenance engineer'),
    senior: t('senior industrial engineer|senior maintenance engineer'),
  },
  'engineering:life_sciences': {
    intern: t('research intern|laboratory intern'),
    training: t('laboratory technician'),
    junior: t(
      'research scientist|scientist|research associate|laboratory technician|clinical research associate|biomedical engineer',
    ),
    senior: t(
      'senior scientist|principal scientist|senior research scientist|senior clinical research associate',
    ),
    manager: t('laboratory manager|research manager|clinical research manager'),
    director: t('director of research|director of clinical development'),
    vp: t('vp of research and development'),
    c_level: t('chief scientific officer'),
  },
  'service:government': {
    intern: t('public safety intern'),
    training: t('police recruit|firefighter trainee'),
    junior: t('police officer|firefighter|correctional officer|emergency dispatcher|park ranger|clerk'),
    senior: t('police sergeant|fire captain|detective|senior clerk'),
    manager: t('police lieutenant|battalion chief'),
    director: t('police chief|fire chief'),
  },
  'service:health': {
    junior: t(
      'patient care technician|medical receptionist|patient services representative|caregiver|home health aide',
    ),
    senior: t('lead patient care technician|senior patient services representative'),
    manager: t('patient services manager|front office manager'),
  },
  'other:media': {
    intern: t('editorial intern'),
    training: t('editorial assistant'),
    junior: t('writer|journalist|reporter|copywriter|editor|producer|photographer|video editor'),
    senior: t('senior editor|senior writer|senior producer|news anchor|columnist'),
    manager: t('managing editor|production manager'),
    director: t('editor-in-chief|executive producer'),
    owner: t('freelance photographer|independent filmmaker|freelance writer'),
  },
  'other:professional': {
    junior: t('consultant|business analyst|associate consultant|research analyst'),
    senior: t('senior consultant|principal consultant|engagement lead'),
    manager: t('engagement manager|consulting manager'),
    director: t('director|principal'),
    partner: t('partner|managing partner|principal'),
  },
  'other:government': {
    junior: t('policy analyst|legislative assistant|program analyst|research analyst'),
    senior: t('senior policy advisor|senior program analyst'),
  },
  'other:nonprofit': {
    junior: t('volunteer coordinator|development associate|grant writer|outreach coordinator'),
    senior: t('senior development officer|major gifts officer'),
    director: t('director of development|executive director'),
  },
  'education:education': {},
  'transportation:hospitality': {
    junior: t('delivery driver|rideshare driver|shuttle driver'),
  },
};

/** Industry-specific titles, keyed `<function>@<industry>`; checked before the sector tables. */
export const INDUSTRY_TITLES: Readonly<Record<string, TitleTable>> = {
  'education@higher education': {
    intern: t('graduate research assistant'),
    training: t('teaching assistant|postdoctoral researcher'),
    junior: t('lecturer|assistant professor|instructor|adjunct professor|research associate'),
    senior: t('associate professor|professor|senior lecturer'),
    manager: t('department chair|program director'),
    director: t('dean|associate dean'),
    vp: t('provost|vice provost'),
    c_level: t('president|chancellor'),
  },
  'engineering@computer hardware': {
    junior: t('hardware engineer|firmware engineer|electrical engineer|embedded software engineer'),
    senior: t('senior hardware engineer|senior firmware engineer|principal hardware engineer'),
  },
  'engineering@semiconductors': {
    junior: t('design verification engineer|asic design engineer|process engineer|yield engineer'),
    senior: t('senior asic design engineer|principal process engineer'),
  },
  'healthcare@veterinary': {
    junior: t('veterinary technician|veterinary assistant'),
    senior: t('veterinarian|associate veterinarian'),
    manager: t('veterinary practice manager'),
    owner: t('practice owner'),
  },
  'transportation@airlines/aviation': {
    junior: t('flight attendant|first officer|ramp agent|gate agent'),
    senior: t('captain|airline pilot|senior flight attendant'),
    manager: t('station manager|crew scheduling manager'),
  },
  'transportation@maritime': {
    junior: t('deckhand|able seaman|marine engineer'),
    senior: t('chief officer|ship captain'),
  },
  'service@restaurants': {
    junior: t('server|line cook|bartender|host|dishwasher|prep cook|barista'),
    senior: t('sous chef|head chef|lead server'),
    manager: t('restaurant manager|kitchen manager|general manager'),
    director: t('executive chef|director of operations'),
    owner: t('restaurant owner|chef-owner'),
  },
  'service@health, wellness and fitness': {
    junior: t('personal trainer|fitness instructor|yoga instructor|massage therapist'),
    senior: t('senior personal trainer|head coach'),
    manager: t('gym manager|studio manager'),
    owner: t('studio owner|gym owner'),
  },
  'service@sports': {
    junior: t('coach|assistant coach|athletic trainer|ticketing associate'),
    senior: t('head coach|senior athletic trainer'),
  },
};

/** Gig-platform work: these titles set is_platform_worker. */
export const PLATFORM_TITLES: ReadonlySet<string> = new Set([
  'rideshare driver',
  'delivery driver',
  'courier',
  'freelancer',
  'freelance writer',
  'freelance photographer',
]);
