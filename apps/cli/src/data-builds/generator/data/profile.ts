/**
 * Profile content by job function: skills, certifications (name, issuing body, validity in
 * years), fields of study, and phrases for job descriptions and summaries.
 */
import type { JobFunction } from '@app/contracts';

const l = (csv: string): string[] => csv.split('|');

export const SKILLS: Readonly<Record<JobFunction, readonly string[]>> = {
  engineering: l(
    'python|java|javascript|typescript|go|c++|c#|sql|react|node.js|kubernetes|docker|aws|microservices|distributed systems|git|ci/cd|rest apis|linux|postgresql|terraform|system design|agile methodologies|unit testing|graphql|rust|kotlin|swift',
  ),
  information_technology: l(
    'network administration|windows server|active directory|linux|cisco|vmware|itil|troubleshooting|cybersecurity|firewalls|office 365|azure|aws|help desk support|powershell|bash|siem|incident response|vpn|backup and recovery',
  ),
  product: l(
    'product management|product strategy|roadmapping|agile methodologies|scrum|user research|a/b testing|jira|stakeholder management|go-to-market strategy|product analytics|sql|wireframing|prioritization|okrs',
  ),
  design: l(
    'figma|sketch|adobe photoshop|adobe illustrator|user experience design|user interface design|prototyping|design systems|usability testing|typography|branding|adobe indesign|motion graphics|interaction design|visual design',
  ),
  sales: l(
    'sales|b2b sales|salesforce|negotiation|account management|lead generation|cold calling|business development|solution selling|crm|pipeline management|customer relationship management|sales operations|enterprise software|closing',
  ),
  marketing: l(
    'digital marketing|social media marketing|content marketing|seo|sem|google analytics|email marketing|marketing strategy|brand management|hubspot|copywriting|market research|public relations|marketing automation|google ads|event planning',
  ),
  operations: l(
    'operations management|project management|process improvement|lean six sigma|supply chain management|logistics|procurement|microsoft excel|budgeting|vendor management|inventory management|erp|sap|scheduling|data entry|microsoft office',
  ),
  finance: l(
    'financial analysis|accounting|microsoft excel|financial reporting|budgeting|forecasting|gaap|quickbooks|auditing|tax preparation|financial modeling|accounts payable|accounts receivable|reconciliation|sap|corporate finance|valuation|risk management',
  ),
  hr: l(
    'recruiting|human resources|talent acquisition|employee relations|onboarding|performance management|workday|compensation and benefits|hris|interviewing|sourcing|training and development|payroll|labor law|organizational development',
  ),
  legal: l(
    'legal research|litigation|contract negotiation|corporate law|legal writing|compliance|intellectual property|mergers & acquisitions|regulatory compliance|due diligence|employment law|westlaw|civil litigation|real estate law|privacy law',
  ),
  customer_success: l(
    'customer service|customer success|zendesk|salesforce|account management|customer retention|onboarding|technical support|troubleshooting|customer experience|conflict resolution|communication|saas|upselling|net promoter score',
  ),
  data: l(
    'python|sql|machine learning|data analysis|statistics|tableau|power bi|r|pandas|spark|deep learning|data visualization|etl|tensorflow|pytorch|snowflake|airflow|a/b testing|dbt|bigquery',
  ),
  executive: l(
    'leadership|strategic planning|business strategy|p&l management|team building|change management|mergers & acquisitions|fundraising|board relations|corporate governance|negotiation|executive management|business development|operations management|public speaking',
  ),
  social_services: l(
    'case management|crisis intervention|social services|counseling|community outreach|mental health|advocacy|program development|grant writing|family therapy|youth development|nonprofits|motivational interviewing|treatment planning',
  ),
  healthcare: l(
    'patient care|healthcare|bls|acls|electronic medical record (emr)|epic systems|clinical research|nursing|medication administration|patient safety|vital signs|hipaa|phlebotomy|critical care|medical terminology|infection control',
  ),
  education: l(
    'teaching|curriculum development|classroom management|lesson planning|tutoring|special education|educational technology|differentiated instruction|student engagement|research|public speaking|higher education|e-learning|k-12 education',
  ),
  trades: l(
    'electrical wiring|plumbing|carpentry|hvac|welding|blueprint reading|osha|preventive maintenance|troubleshooting|hand tools|power tools|forklift operation|construction|cnc machining|plc programming|safety compliance',
  ),
  transportation: l(
    'logistics|commercial driving|fleet management|route planning|dot regulations|warehouse operations|forklift operation|dispatching|shipping|inventory control|supply chain|customer service|hazmat|time management',
  ),
  service: l(
    'customer service|food service|cash handling|point of sale (pos)|retail sales|merchandising|hospitality|food safety|teamwork|upselling|inventory management|scheduling|guest services|restaurant management|bartending',
  ),
  other: l(
    'research|writing|editing|consulting|microsoft office|public speaking|project management|communication|translation|social media|problem solving|presentations|data analysis|event planning',
  ),
};

/** [certification, issuing body, years valid]. */
export type CertRow = readonly [string, string, number];
const c = (rows: string): CertRow[] =>
  rows.split(';').map((r) => {
    const [name, body, years] = r.split('|');
    return [name, body, Number(years)] as const;
  });

export const CERTIFICATIONS: Readonly<Record<JobFunction, readonly CertRow[]>> = {
  engineering: c(
    'aws certified solutions architect - associate|amazon web services|3;aws certified developer - associate|amazon web services|3;certified kubernetes administrator|cloud native computing foundation|3;google cloud professional cloud architect|google cloud|2;microsoft certified: azure developer associate|microsoft|1;oracle certified professional, java se developer|oracle|5',
  ),
  information_technology: c(
    'comptia security+|comptia|3;comptia a+|comptia|3;cisco certified network associate (ccna)|cisco|3;certified information systems security professional (cissp)|isc2|3;itil 4 foundation|axelos|3;microsoft certified: azure administrator associate|microsoft|1',
  ),
  product: c(
    'certified scrum product owner (cspo)|scrum alliance|2;pragmatic institute certified (pmc-iii)|pragmatic institute|5;professional scrum product owner i|scrum.org|10',
  ),
  design: c(
    'google ux design certificate|google|5;adobe certified professional|adobe|3;nielsen norman group ux certification|nielsen norman group|5',
  ),
  sales: c(
    'salesforce certified administrator|salesforce|1;certified sales professional|national association of sales professionals|3;hubspot inbound sales certification|hubspot academy|2',
  ),
  marketing: c(
    'google analytics certification|google|1;google ads search certification|google|1;hubspot content marketing certification|hubspot academy|2;facebook certified digital marketing associate|meta|2',
  ),
  operations: c(
    'project management professional (pmp)|project management institute|3;lean six sigma green belt|american society for quality|3;certified supply chain professional (cscp)|ascm|5;certified associate in project management (capm)|project management institute|5',
  ),
  finance: c(
    'certified public accountant (cpa)|american institute of cpas|3;chartered financial analyst (cfa)|cfa institute|10;certified management accountant (cma)|institute of management accountants|3;financial risk manager (frm)|garp|5',
  ),
  hr: c(
    'shrm certified professional (shrm-cp)|society for human resource management|3;professional in human resources (phr)|hr certification institute|3;linkedin certified professional recruiter|linkedin|2',
  ),
  legal: c(
    'certified information privacy professional (cipp/us)|iapp|2;certified compliance and ethics professional|scce|2;certified paralegal|nala|5',
  ),
  customer_success: c(
    'certified customer success manager|success coaching|3;zendesk support administrator|zendesk|2;hdi customer service representative|hdi|3',
  ),
  data: c(
    'tensorflow developer certificate|google|3;microsoft certified: power bi data analyst associate|microsoft|1;databricks certified data engineer associate|databricks|2;snowpro core certification|snowflake|2;aws certified machine learning - specialty|amazon web services|3',
  ),
  executive: c(
    'certified director|institute of directors|5;executive leadership program|harvard business school|10;certified management consultant|institute of management consultants|3',
  ),
  social_services: c(
    'licensed clinical social worker (lcsw)|association of social work boards|2;certified case manager|commission for case manager certification|5;mental health first aid|national council for mental wellbeing|3',
  ),
  healthcare: c(
    'basic life support (bls)|american heart association|2;advanced cardiovascular life support (acls)|american heart association|2;registered nurse (rn) license|state board of nursing|2;pediatric advanced life support (pals)|american heart association|2',
  ),
  education: c(
    'state teaching certificate|department of education|5;teaching english as a foreign language (tefl)|tefl academy|10;national board certification|national board for professional teaching standards|5',
  ),
  trades: c(
    'osha 30-hour construction|occupational safety and health administration|5;journeyman electrician license|state licensing board|3;epa section 608 certification|environmental protection agency|10;certified welder|american welding society|1;forklift operator certification|national safety council|3',
  ),
  transportation: c(
    'commercial driver license (cdl) class a|department of motor vehicles|4;hazmat endorsement|transportation security administration|5;certified logistics associate|msscc|3;forklift operator certification|national safety council|3',
  ),
  service: c(
    'servsafe food handler|national restaurant association|3;servsafe manager|national restaurant association|5;first aid and cpr|american red cross|2;tips alcohol certification|health communications, inc.|3',
  ),
  other: c(
    'first aid and cpr|american red cross|2;microsoft office specialist|microsoft|5;certified translator|american translators association|3;project management professional (pmp)|project management institute|3',
  ),
};

export const FIELDS_OF_STUDY: Readonly<Record<JobFunction, readonly string[]>> = {
  engineering: l(
    'computer science|software engineering|computer engineering|electrical engineering|mechanical engineering|mathematics|information systems',
  ),
  information_technology: l(
    'information technology|computer science|information systems|network engineering|cybersecurity',
  ),
  product: l(
    'computer science|business administration|economics|industrial engineering|human-computer interaction',
  ),
  design: l(
    'graphic design|industrial design|fine arts|human-computer interaction|visual communication|architecture',
  ),
  sales: l('business administration|marketing|communications|economics|psychology'),
  marketing: l('marketing|communications|business administration|journalism|psychology|advertising'),
  operations: l(
    'business administration|supply chain management|operations management|industrial engineering|economics|logistics',
  ),
  finance: l('accounting|finance|economics|business administration|mathematics'),
  hr: l('human resources management|psychology|business administration|organizational behavior|sociology'),
  legal: l('law|political science|history|english|criminal justice'),
  customer_success: l('business administration|communications|psychology|marketing'),
  data: l('statistics|computer science|mathematics|data science|economics|physics'),
  executive: l('business administration|economics|finance|engineering|management'),
  social_services: l('social work|psychology|sociology|human services|counseling'),
  healthcare: l('nursing|medicine|biology|pharmacy|public health|kinesiology'),
  education: l('education|elementary education|english|mathematics|history|educational leadership'),
  trades: l(
    'electrical technology|construction management|welding technology|hvac technology|automotive technology',
  ),
  transportation: l('logistics|supply chain management|aviation|business administration'),
  service: l('hospitality management|culinary arts|business administration|communications'),
  other: l('english|journalism|history|philosophy|languages|political science'),
};

/** What the job involves, as verb phrases: "led the migration of ..." */
export const DUTIES: Readonly<Record<JobFunction, readonly string[]>> = {
  engineering: l(
    'build and maintain backend services|design apis used by internal teams|lead the migration to cloud infrastructure|improve test coverage and release reliability|develop customer-facing web features|own the data ingestion pipeline|mentor junior engineers and review code',
  ),
  information_technology: l(
    'manage the corporate network and endpoints|run the help desk for a growing workforce|harden systems against security threats|administer identity and access management|plan and execute infrastructure upgrades',
  ),
  product: l(
    'own the roadmap for the core platform|define requirements with engineering and design|run discovery interviews with customers|launch new features and measure adoption|prioritize the backlog against company goals',
  ),
  design: l(
    'design end-to-end user experiences|maintain the company design system|run usability studies and iterate on findings|create brand and campaign assets|prototype new product concepts',
  ),
  sales: l(
    'manage a book of enterprise accounts|exceed quarterly revenue targets|build pipeline through outbound prospecting|negotiate multi-year contracts|expand existing customer relationships',
  ),
  marketing: l(
    'plan and run multi-channel campaigns|grow organic traffic through content and seo|manage the marketing budget and agencies|launch products with sales enablement|track funnel metrics and attribution',
  ),
  operations: l(
    'streamline day-to-day operations|coordinate cross-functional projects|manage vendors and purchasing|improve fulfillment and inventory processes|report operational metrics to leadership',
  ),
  finance: l(
    'prepare monthly and quarterly close|build budgets and forecasts|manage audits and tax filings|analyze profitability by business line|oversee accounts payable and receivable',
  ),
  hr: l(
    'recruit across technical and business roles|run onboarding and employee programs|partner with managers on performance and growth|administer benefits and compensation|develop hr policies and compliance',
  ),
  legal: l(
    'draft and negotiate commercial agreements|advise on regulatory compliance|manage litigation and outside counsel|support corporate transactions|counsel clients on employment matters',
  ),
  customer_success: l(
    'onboard and support key customers|resolve escalated support cases|drive renewals and reduce churn|gather customer feedback for the product team|build self-service help content',
  ),
  data: l(
    'build dashboards for business teams|develop machine learning models|design and maintain data pipelines|run experiments and analyze results|define metrics and data quality standards',
  ),
  executive: l(
    'set company strategy and direction|lead the executive team|manage p&l and growth|represent the company to investors and partners|build the organization and culture',
  ),
  social_services: l(
    'manage a caseload of families|connect clients with community resources|provide counseling and crisis support|coordinate outreach programs|advocate for client needs',
  ),
  healthcare: l(
    'provide direct patient care|coordinate treatment plans with physicians|administer medications and monitor patients|educate patients and families|maintain accurate medical records',
  ),
  education: l(
    'teach classes and develop curriculum|support student learning and progress|advise students and mentor colleagues|integrate technology into instruction|conduct research and publish findings',
  ),
  trades: l(
    'install and repair electrical systems|perform preventive maintenance on equipment|read blueprints and complete builds on schedule|ensure job-site safety compliance|train apprentices on the job',
  ),
  transportation: l(
    'deliver freight safely and on time|plan routes and schedules|manage warehouse receiving and shipping|maintain logs and dot compliance|coordinate drivers and dispatch',
  ),
  service: l(
    'deliver excellent guest service|handle cash and point-of-sale transactions|prepare food to quality standards|train new team members|keep the store stocked and organized',
  ),
  other: l(
    'advise clients on projects|research and write reports|translate documents and communications|support teams with analysis|manage independent client work',
  ),
};
