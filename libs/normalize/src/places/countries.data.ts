/**
 * ISO 3166-1: alpha-2, alpha-3, the name we answer with (the common English short name, in the
 * records' lowercase), then other spellings people type: official long forms, former names,
 * abbreviations and the country's own name for itself. One line per country keeps the table
 * reviewable; `country.ts` parses it once at load.
 */
export const COUNTRY_LINES = `
AF AFG afghanistan|islamic republic of afghanistan
AX ALA aland islands|åland islands
AL ALB albania|shqiperia
DZ DZA algeria|algerie
AS ASM american samoa
AD AND andorra
AO AGO angola
AI AIA anguilla
AQ ATA antarctica
AG ATG antigua and barbuda
AR ARG argentina|argentine republic
AM ARM armenia|hayastan
AW ABW aruba
AU AUS australia|commonwealth of australia|oz
AT AUT austria|österreich|osterreich|oesterreich
AZ AZE azerbaijan
BS BHS bahamas|the bahamas
BH BHR bahrain
BD BGD bangladesh
BB BRB barbados
BY BLR belarus|byelorussia
BE BEL belgium|belgique|belgie|belgien
BZ BLZ belize
BJ BEN benin
BM BMU bermuda
BT BTN bhutan
BO BOL bolivia|plurinational state of bolivia
BQ BES bonaire, sint eustatius and saba|caribbean netherlands
BA BIH bosnia and herzegovina|bosnia|bosnia-herzegovina
BW BWA botswana
BV BVT bouvet island
BR BRA brazil|brasil|federative republic of brazil
IO IOT british indian ocean territory
VG VGB british virgin islands|virgin islands, british
BN BRN brunei|brunei darussalam
BG BGR bulgaria
BF BFA burkina faso
BI BDI burundi
CV CPV cape verde|cabo verde
KH KHM cambodia|kampuchea
CM CMR cameroon|cameroun
CA CAN canada
KY CYM cayman islands
CF CAF central african republic
TD TCD chad|tchad
CL CHL chile
CN CHN china|people's republic of china|prc|mainland china|zhongguo
CX CXR christmas island
CC CCK cocos (keeling) islands|cocos islands
CO COL colombia
KM COM comoros
CG COG republic of the congo|congo|congo-brazzaville|congo brazzaville
CD COD democratic republic of the congo|dr congo|drc|dem rep congo|congo-kinshasa|congo kinshasa|democratic republic of congo|zaire
CK COK cook islands
CR CRI costa rica
CI CIV cote d'ivoire|côte d'ivoire|ivory coast
HR HRV croatia|hrvatska
CU CUB cuba
CW CUW curaçao|curacao
CY CYP cyprus
CZ CZE czechia|czech republic|ceska republika|česká republika|cesko|česko
DK DNK denmark|danmark
DJ DJI djibouti
DM DMA dominica
DO DOM dominican republic
EC ECU ecuador
EG EGY egypt|misr|arab republic of egypt
SV SLV el salvador
GQ GNQ equatorial guinea
ER ERI eritrea
EE EST estonia|eesti
SZ SWZ eswatini|swaziland
ET ETH ethiopia
FK FLK falkland islands|falkland islands (malvinas)|malvinas
FO FRO faroe islands|faroes
FJ FJI fiji
FI FIN finland|suomi
FR FRA france|french republic|république française
GF GUF french guiana|guyane
PF PYF french polynesia
TF ATF french southern territories
GA GAB gabon
GM GMB gambia|the gambia|republic of the gambia
GE GEO georgia|sakartvelo
DE DEU germany|deutschland|federal republic of germany|brd
GH GHA ghana
GI GIB gibraltar
GR GRC greece|hellas|ellada|hellenic republic
GL GRL greenland|kalaallit nunaat
GD GRD grenada
GP GLP guadeloupe
GU GUM guam
GT GTM guatemala
GG GGY guernsey
GN GIN guinea|guinea-conakry
GW GNB guinea-bissau
GY GUY guyana
HT HTI haiti
HM HMD heard island and mcdonald islands
VA VAT vatican city|holy see|vatican|holy see (vatican city state)
HN HND honduras
HK HKG hong kong|hong kong sar
HU HUN hungary|magyarorszag|magyarország
IS ISL iceland|island
IN IND india|bharat|republic of india
ID IDN indonesia
IR IRN iran|islamic republic of iran|persia
IQ IRQ iraq
IE IRL ireland|eire|éire|republic of ireland
IM IMN isle of man
IL ISR israel
IT ITA italy|italia|italian republic
JM JAM jamaica
JP JPN japan|nippon|nihon
JE JEY jersey
JO JOR jordan
KZ KAZ kazakhstan
KE KEN kenya
KI KIR kiribati
KP PRK north korea|democratic people's republic of korea|dprk
KR KOR south korea|korea|republic of korea|korea, republic of|rok
XK XKK kosovo
KW KWT kuwait
KG KGZ kyrgyzstan|kyrgyz republic
LA LAO laos|lao people's democratic republic|lao pdr
LV LVA latvia|latvija
LB LBN lebanon
LS LSO lesotho
LR LBR liberia
LY LBY libya
LI LIE liechtenstein
LT LTU lithuania|lietuva
LU LUX luxembourg|luxemburg
MO MAC macao|macau
MG MDG madagascar
MW MWI malawi
MY MYS malaysia
MV MDV maldives
ML MLI mali
MT MLT malta
MH MHL marshall islands
MQ MTQ martinique
MR MRT mauritania
MU MUS mauritius
YT MYT mayotte
MX MEX mexico|méxico|estados unidos mexicanos|united mexican states
FM FSM micronesia|federated states of micronesia|micronesia, federated states of
MD MDA moldova|republic of moldova|moldova, republic of
MC MCO monaco
MN MNG mongolia
ME MNE montenegro|crna gora
MS MSR montserrat
MA MAR morocco|maroc
MZ MOZ mozambique
MM MMR myanmar|burma
NA NAM namibia
NR NRU nauru
NP NPL nepal
NL NLD netherlands|the netherlands|holland|nederland|kingdom of the netherlands
NC NCL new caledonia
NZ NZL new zealand|aotearoa
NI NIC nicaragua
NE NER niger
NG NGA nigeria
NU NIU niue
NF NFK norfolk island
MK MKD north macedonia|macedonia|republic of north macedonia
MP MNP northern mariana islands
NO NOR norway|norge|noreg
OM OMN oman
PK PAK pakistan
PW PLW palau
PS PSE palestine|state of palestine|palestinian territories
PA PAN panama
PG PNG papua new guinea
PY PRY paraguay
PE PER peru
PH PHL philippines|the philippines|pilipinas
PN PCN pitcairn islands|pitcairn
PL POL poland|polska
PT PRT portugal
PR PRI puerto rico
QA QAT qatar
RE REU réunion|reunion
RO ROU romania|roumania
RU RUS russia|russian federation|rossiya|россия
RW RWA rwanda
BL BLM saint barthélemy|saint barthelemy|st barts
SH SHN saint helena|saint helena, ascension and tristan da cunha
KN KNA saint kitts and nevis|st kitts
LC LCA saint lucia
MF MAF saint martin|saint martin (french part)
PM SPM saint pierre and miquelon
VC VCT saint vincent and the grenadines
WS WSM samoa
SM SMR san marino
ST STP sao tome and principe|são tomé and príncipe
SA SAU saudi arabia|kingdom of saudi arabia|ksa
SN SEN senegal
RS SRB serbia|srbija
SC SYC seychelles
SL SLE sierra leone
SG SGP singapore|republic of singapore
SX SXM sint maarten|sint maarten (dutch part)
SK SVK slovakia|slovak republic|slovensko
SI SVN slovenia|slovenija
SB SLB solomon islands
SO SOM somalia
ZA ZAF south africa|republic of south africa|rsa
GS SGS south georgia and the south sandwich islands
SS SSD south sudan
ES ESP spain|españa|espana|kingdom of spain
LK LKA sri lanka|ceylon
SD SDN sudan
SR SUR suriname|surinam
SJ SJM svalbard and jan mayen
SE SWE sweden|sverige
CH CHE switzerland|schweiz|suisse|svizzera|confoederatio helvetica|swiss confederation
SY SYR syria|syrian arab republic
TW TWN taiwan|republic of china|taiwan, province of china
TJ TJK tajikistan
TZ TZA tanzania|united republic of tanzania
TH THA thailand|siam
TL TLS timor-leste|east timor
TG TGO togo
TK TKL tokelau
TO TON tonga
TT TTO trinidad and tobago|trinidad
TN TUN tunisia
TR TUR turkey|türkiye|turkiye
TM TKM turkmenistan
TC TCA turks and caicos islands
TV TUV tuvalu
UG UGA uganda
UA UKR ukraine|ukraina
AE ARE united arab emirates|uae|emirates
GB GBR united kingdom|uk|u.k.|great britain|britain|england|scotland|wales|northern ireland|united kingdom of great britain and northern ireland
US USA united states|united states of america|usa|u.s.a.|us|u.s.|america|the states
UM UMI united states minor outlying islands
VI VIR us virgin islands|u.s. virgin islands|virgin islands, u.s.
UY URY uruguay
UZ UZB uzbekistan
VU VUT vanuatu
VE VEN venezuela|bolivarian republic of venezuela
VN VNM vietnam|viet nam
WF WLF wallis and futuna
EH ESH western sahara
YE YEM yemen
ZM ZMB zambia
ZW ZWE zimbabwe
`;
