/**
 * The function words of a description: consumed without a filter and without being reported
 * as ignored. Phrases are spelled as the tokenizer reads them: a hyphen is a space
 * (`co-founder` is `co founder`), `&` is `and`, apostrophes are dropped (`dont`).
 */
const l = (bars: string): string[] => bars.split('|');

/** Articles, pronouns, request verbs, and the nouns for people, companies and roles. */
export const STOP_WORDS = l(
  'a|an|the|of|for|to|into|onto|on|by|as|is|are|was|were|be|been|being|am|who|whom|whose|which|that|those|these|' +
    'this|there|their|they|them|he|she|his|her|hers|its|i|me|my|we|our|you|your|it|do|does|did|has|have|had|' +
    'can|could|would|should|will|shall|may|might|must|also|just|only|all|any|some|every|each|both|such|very|' +
    'really|please|pls|plz|thanks|thank|find|show|list|get|give|search|look|looking|want|need|seek|seeking|' +
    'hire|hiring|recruit|identify|return|fetch|pull|like|similar|kind|kinds|sort|sorts|many|more|most|lots|lot|' +
    'bunch|other|others|else|etc|eg|ie|via|per|about|currently|current|presently|now|today|right|here|' +
    'people|person|persons|individuals|individual|folks|profiles|profile|candidates|candidate|contacts|contact|' +
    'prospects|prospect|professionals|professional|employees|employee|staff|workers|worker|members|member|' +
    'team|teams|guys|someone|somebody|anyone|anybody|companies|company|cos|firms|firm|businesses|business|' +
    'organizations|organisations|organization|organisation|orgs|org|brands|brand|vendors|vendor|providers|' +
    'provider|players|player|agencies|agency|industry|industries|sector|sectors|space|field|vertical|' +
    'verticals|market|markets|working|work|works|employed|job|jobs|role|roles|position|positions|title|titles|' +
    'career|careers|based|located|living|live|lives|residing|situated|headquartered|hq|area|region|metro|' +
    'city|cities|state|states|country|countries|skilled|skills|skill|experienced|expertise|expert|experts|' +
    'knowledge|background|backgrounds|proficiency|experience|exp|speakers|speaker|speaking|language|languages|having|' +
    'within|inside|across|throughout|among|amongst|but|yet|so|then|than|too|well|good|great|top|best|strong|' +
    'solid|real|actual|known|certain|specific|particular|level|levels|grade|focused|focus|related|oriented|' +
    'what|where|when|how|why|anywhere|everywhere|somewhere|near|nearby|close|around|degree|degrees|' +
    'holders|holder|graduates|graduate|grads|grad|alumni|students|student|stock|stocks|shares|exchange|' +
    'exchanges|listing|whose|named|called|known as|plus|etc|and so on|something|anything|everyone|everybody',
);

/** Nouns after which a sector word names an industry ("accounting firms", "finance industry"). */
export const ORG_NOUNS = l(
  'company|companies|cos|firm|firms|business|businesses|organization|organizations|organisation|organisations|' +
    'agency|agencies|industry|industries|sector|sectors|space|startup|startups|start up|start ups|corporation|' +
    'corporations|vendor|vendors|provider|providers|shop|shops|studio|studios|practice|practices|brands',
);

export const NEGATIONS = l(
  'not|no|non|without|excluding|exclude|excludes|excluded|except|except for|but not|other than|minus|never|' +
    'neither|nor|isnt|arent|dont|doesnt|wasnt|werent|not including|leaving out|apart from|besides|sans|' +
    'anything but|anyone but|aside from|rather than|instead of|no longer|nobody from|none from|outside|outside of',
);

export const OR_WORDS = l('or|and or|either|alternatively|/');
export const AND_WORDS = l('and|as well as|along with|together with');

/** Words that say where the next place is. */
export const PLACE_CUES = l(
  'in|from|at|based in|located in|living in|near|around|out of|across|within|throughout|outside|outside of',
);
/** Words that say the next company is the current employer. */
export const EMPLOYER_CUES = l(
  'at|works at|working at|work at|working for|works for|work for|employed at|employed by|employees of|' +
    'employees at|staff at|people at|team at|currently at|now at|job at|from',
);
/** Words that say the next company or title is in the past, not the current job. */
export const PAST_CUES = l(
  'ex|former|formerly|formerly at|previously|previously at|previous|past|prior|used to work at|used to be|' +
    'alumni of|alum of|alums of|who used to work at|once at|once worked at|no longer at|left|' +
    // "former employees of X": the employer cue after "former" must not make X the current one
    'former employees of|former employees at|ex employees of|ex employees at|former staff of|former staff at|' +
    'ex staff of|ex staff at',
);
/**
 * Words that say the next company or title is anywhere in the work history, the current job
 * included. A plain past tense ("people who worked at google") says nothing about leaving, so
 * it is read here; leaving is said with "ex", "former", "used to", "no longer" (PAST_CUES).
 */
export const HISTORY_CUES = l(
  'worked at|worked for|worked as|who worked at|who worked for|had worked at|had worked for|has worked at|' +
    'has worked for|have worked at|have worked for|has worked as|have worked as|ever worked at|ever worked for|' +
    'ever worked as|has ever worked at|have ever worked at|has ever worked for|have ever worked for|' +
    'has been|have been|had been|ever been|has ever been|have ever been|experience at|experience working at|' +
    'background at|stint at|stints at|spent time at|worked at some point at',
);
/** After a company: its former staff ("google alumni"). */
export const PAST_SUFFIXES = l('alumni|alums|alum|alumnus|alumna|alumnae');
/** After a company or title: anywhere in the work history ("with google in their work history"). */
export const HISTORY_SUFFIXES = l(
  'in their work history|in work history|in the work history|in their history|in their employment history|' +
    'in their career history|in their career|in their background|in their experience|on their resume|' +
    'on their resumes|on their cv|on their cvs|on their profile|experience|background',
);
/** "has ever worked at google at some point": words that add nothing to a history cue. */
export const HISTORY_FILLERS = l(
  'ever|at some point|at any point|at one point|at any time|at some time|at some stage',
);
export const SCHOOL_CUES = l(
  'studied at|studied|study at|went to|graduated from|graduate of|graduates of|grads of|alumni from|degree from|' +
    'educated at|attended|enrolled at|alma mater',
);
export const SKILL_CUES = l(
  'with|skilled in|skilled at|knows|know|knowing|who know|who knows|using|uses|use|experienced in|' +
    'experienced with|experience in|experience with|proficient in|proficient with|expert in|expertise in|' +
    'familiar with|strong in|good at|background in|specializing in|specialising in|specialized in|focused on|' +
    'working with|work with|codes in|coding in|writes|programming in|developing in',
);
export const LANGUAGE_CUES = l(
  'speaks|speak|speaking|who speak|who speaks|fluent in|fluent|native|native in|native speakers of|' +
    'speakers of|bilingual in',
);
/** Words after a language name that make it the language ("spanish speakers", "german-speaking"). */
export const LANGUAGE_SUFFIXES = l('speaker|speakers|speaking|speaks|fluent|native|language|languages');
/** After an exchange: the listing it already says ("euronext listed", "nasdaq-traded"), not a company type. */
export const LISTING_SUFFIXES = l('listed|traded|quoted');
export const TICKER_CUES = l('ticker|tickers|symbol|symbols|ticker symbol|stock symbol|traded as|trading as');
/** "at least a masters", "director or above": the level and those above it. */
export const AT_LEAST_BEFORE = l('at least|minimum|min|no less than');
export const AT_LEAST_AFTER = l('or higher|or above|and above|and up|and higher|or more senior|or better');
