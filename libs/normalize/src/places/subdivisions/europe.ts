/** First-level subdivisions (ISO 3166-2) of the European countries we cover; format as in americas.ts. */
export const EUROPE: Record<string, string> = {
  // The four nations, which is what addresses and professional profiles name.
  GB: `
ENG england
SCT scotland|alba
WLS wales|cymru
NIR northern ireland|ulster
`,
  IE: `
CW carlow|county carlow
CN cavan|county cavan
CE clare|county clare
CO cork|county cork
DL donegal|county donegal
D dublin|county dublin
G galway|county galway
KY kerry|county kerry
KE kildare|county kildare
KK kilkenny|county kilkenny
LS laois|county laois
LM leitrim|county leitrim
LK limerick|county limerick
LD longford|county longford
LH louth|county louth
MO mayo|county mayo
MH meath|county meath
MN monaghan|county monaghan
OY offaly|county offaly
RN roscommon|county roscommon
SO sligo|county sligo
TA tipperary|county tipperary
WD waterford|county waterford
WH westmeath|county westmeath
WX wexford|county wexford
WW wicklow|county wicklow
`,
  DE: `
BW baden-württemberg|baden-wuerttemberg
BY bavaria|bayern|freistaat bayern
BE berlin
BB brandenburg
HB bremen|freie hansestadt bremen
HH hamburg|freie und hansestadt hamburg
HE hesse|hessen
MV mecklenburg-western pomerania|mecklenburg-vorpommern|mecklenburg-west pomerania
NI lower saxony|niedersachsen
NW north rhine-westphalia|nordrhein-westfalen|nrw
RP rhineland-palatinate|rheinland-pfalz
SL saarland
SN saxony|sachsen|freistaat sachsen
ST saxony-anhalt|sachsen-anhalt
SH schleswig-holstein
TH thuringia|thüringen|thueringen
`,
  // The regions (2016 boundaries), not the departments: addresses that name a "state" name these.
  FR: `
ARA auvergne-rhône-alpes
BFC bourgogne-franche-comté|burgundy-franche-comté
BRE brittany|bretagne
CVL centre-val de loire|centre
20R corsica|corse|=COR
GES grand est
HDF hauts-de-france
IDF île-de-france|paris region|région parisienne
NOR normandy|normandie
NAQ nouvelle-aquitaine
OCC occitanie|occitania
PDL pays de la loire
PAC provence-alpes-côte d'azur|paca|région sud
971 guadeloupe
972 martinique
973 french guiana|guyane
974 réunion|la réunion
976 mayotte
`,
  ES: `
AN andalusia|andalucía
AR aragon|aragón
AS asturias|principado de asturias
CN canary islands|canarias|islas canarias
CB cantabria
CL castile and león|castilla y león|castile-león
CM castilla-la mancha|castile-la mancha
CT catalonia|cataluña|catalunya
EX extremadura
GA galicia
IB balearic islands|illes balears|islas baleares
RI la rioja|rioja
MD community of madrid|comunidad de madrid|madrid
NC navarre|navarra|comunidad foral de navarra
PV basque country|país vasco|euskadi
MC region of murcia|región de murcia|murcia
VC valencian community|comunitat valenciana|comunidad valenciana|valencia
CE ceuta
ML melilla
`,
  IT: `
21 piedmont|piemonte
23 aosta valley|valle d'aosta|vallée d'aoste
25 lombardy|lombardia
32 trentino-south tyrol|trentino-alto adige|trentino-alto adige/südtirol
34 veneto
36 friuli-venezia giulia
42 liguria
45 emilia-romagna
52 tuscany|toscana
55 umbria
57 marche|the marches
62 lazio|latium
65 abruzzo
67 molise
72 campania
75 apulia|puglia
77 basilicata
78 calabria
82 sicily|sicilia
88 sardinia|sardegna
`,
  NL: `
DR drenthe
FL flevoland
FR friesland|fryslân
GE gelderland
GR groningen
LI limburg
NB north brabant|noord-brabant
NH north holland|noord-holland
OV overijssel
UT utrecht
ZE zeeland
ZH south holland|zuid-holland
`,
  SE: `
AB stockholm county|stockholm|stockholms län
AC västerbotten county|västerbotten
BD norrbotten county|norrbotten
C uppsala county|uppsala
D södermanland county|södermanland
E östergötland county|östergötland
F jönköping county|jönköping
G kronoberg county|kronoberg
H kalmar county|kalmar
I gotland county|gotland
K blekinge county|blekinge
M skåne county|skåne|scania
N halland county|halland
O västra götaland county|västra götaland
S värmland county|värmland
T örebro county|örebro
U västmanland county|västmanland
W dalarna county|dalarna
X gävleborg county|gävleborg
Y västernorrland county|västernorrland
Z jämtland county|jämtland
`,
  CH: `
AG aargau|argovie
AI appenzell innerrhoden|appenzell inner rhodes
AR appenzell ausserrhoden|appenzell outer rhodes
BE bern|berne
BL basel-landschaft|basel-country|bâle-campagne
BS basel-stadt|basel-city|bâle-ville
FR fribourg|freiburg
GE geneva|genève|genf
GL glarus
GR graubünden|grisons|grigioni
JU jura
LU lucerne|luzern
NE neuchâtel
NW nidwalden
OW obwalden
SG st. gallen|sankt gallen
SH schaffhausen
SO solothurn|soleure
SZ schwyz
TG thurgau|thurgovie
TI ticino|tessin
UR uri
VD vaud|waadt
VS valais|wallis
ZG zug|zoug
ZH zürich|zuerich
`,
  // Numeric codes since 2018; the former letter codes are still in circulation.
  PL: `
02 lower silesia|dolnośląskie|lower silesian voivodeship|=DS
04 kuyavia-pomerania|kujawsko-pomorskie|kuyavian-pomeranian voivodeship|=KP
06 lublin|lubelskie|lublin voivodeship|=LU
08 lubusz|lubuskie|lubusz voivodeship|=LB
10 łódź|łódzkie|łódź voivodeship|=LD
12 lesser poland|małopolskie|lesser poland voivodeship|=MA
14 masovia|mazowieckie|masovian voivodeship|mazovia|=MZ
16 opole|opolskie|opole voivodeship|=OP
18 subcarpathia|podkarpackie|subcarpathian voivodeship|=PK
20 podlaskie|podlaskie voivodeship|podlachia|=PD
22 pomerania|pomorskie|pomeranian voivodeship|=PM
24 silesia|śląskie|silesian voivodeship|=SL
26 holy cross|świętokrzyskie|świętokrzyskie voivodeship|=SK
28 warmia-masuria|warmińsko-mazurskie|warmian-masurian voivodeship|=WN
30 greater poland|wielkopolskie|greater poland voivodeship|=WP
32 west pomerania|zachodniopomorskie|west pomeranian voivodeship|=ZP
`,
  // The 83 federal subjects ISO 3166-2 lists.
  RU: `
AD adygea|republic of adygea|adygeya
AL altai republic|gorno-altai
BA bashkortostan|bashkiria
BU buryatia
CE chechnya|chechen republic
CU chuvashia|chuvash republic
DA dagestan
IN ingushetia
KB kabardino-balkaria
KL kalmykia
KC karachay-cherkessia
KR karelia|republic of karelia
KK khakassia
KO komi|komi republic
ME mari el
MO mordovia
SA sakha republic|yakutia|sakha
SE north ossetia-alania|north ossetia
TA tatarstan
TY tuva|tyva
UD udmurtia|udmurt republic
ALT altai krai
KAM kamchatka krai|kamchatka
KHA khabarovsk krai
KDA krasnodar krai|kuban
KYA krasnoyarsk krai
PER perm krai
PRI primorsky krai|primorye
STA stavropol krai
ZAB zabaykalsky krai|transbaikal
AMU amur oblast
ARK arkhangelsk oblast
AST astrakhan oblast
BEL belgorod oblast
BRY bryansk oblast
CHE chelyabinsk oblast
IRK irkutsk oblast
IVA ivanovo oblast
KGD kaliningrad oblast
KLU kaluga oblast
KEM kemerovo oblast|kuzbass
KIR kirov oblast
KOS kostroma oblast
KGN kurgan oblast
KRS kursk oblast
LEN leningrad oblast
LIP lipetsk oblast
MAG magadan oblast
MOS moscow oblast|moskovskaya oblast
MUR murmansk oblast
NIZ nizhny novgorod oblast
NGR novgorod oblast
NVS novosibirsk oblast
OMS omsk oblast
ORE orenburg oblast
ORL oryol oblast|orel oblast
PNZ penza oblast
PSK pskov oblast
ROS rostov oblast
RYA ryazan oblast
SAK sakhalin oblast
SAM samara oblast
SAR saratov oblast
SMO smolensk oblast
SVE sverdlovsk oblast
TAM tambov oblast
TOM tomsk oblast
TUL tula oblast
TVE tver oblast
TYU tyumen oblast
ULY ulyanovsk oblast
VLA vladimir oblast
VGG volgograd oblast
VLG vologda oblast
VOR voronezh oblast
YAR yaroslavl oblast
MOW moscow|moskva
SPE saint petersburg|sankt-peterburg|petersburg
YEV jewish autonomous oblast
CHU chukotka|chukotka autonomous okrug
KHM khanty-mansi autonomous okrug|khanty-mansia|yugra
NEN nenets autonomous okrug
YAN yamalo-nenets autonomous okrug|yamal
`,
  // Provinces by licence-plate number, as ISO 3166-2:TR numbers them.
  TR: `
01 adana
02 adıyaman
03 afyonkarahisar|afyon
04 ağrı
05 amasya
06 ankara
07 antalya
08 artvin
09 aydın
10 balıkesir
11 bilecik
12 bingöl
13 bitlis
14 bolu
15 burdur
16 bursa
17 çanakkale
18 çankırı
19 çorum
20 denizli
21 diyarbakır
22 edirne
23 elazığ
24 erzincan
25 erzurum
26 eskişehir
27 gaziantep
28 giresun
29 gümüşhane
30 hakkâri|hakkari
31 hatay
32 isparta
33 mersin|içel
34 istanbul
35 izmir
36 kars
37 kastamonu
38 kayseri
39 kırklareli
40 kırşehir
41 kocaeli|izmit
42 konya
43 kütahya
44 malatya
45 manisa
46 kahramanmaraş|maraş
47 mardin
48 muğla
49 muş
50 nevşehir
51 niğde
52 ordu
53 rize
54 sakarya|adapazarı
55 samsun
56 siirt
57 sinop
58 sivas
59 tekirdağ
60 tokat
61 trabzon
62 tunceli
63 şanlıurfa|urfa
64 uşak
65 van
66 yozgat
67 zonguldak
68 aksaray
69 bayburt
70 karaman
71 kırıkkale
72 batman
73 şırnak
74 bartın
75 ardahan
76 ığdır
77 yalova
78 karabük
79 kilis
80 osmaniye
81 düzce
`,
};
