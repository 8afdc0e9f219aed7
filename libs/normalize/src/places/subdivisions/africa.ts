/** First-level subdivisions (ISO 3166-2) of the African countries we cover; format as in americas.ts. */
export const AFRICA: Record<string, string> = {
  NG: `
AB abia
AD adamawa
AK akwa ibom
AN anambra
BA bauchi
BY bayelsa
BE benue
BO borno
CR cross river
DE delta
EB ebonyi
ED edo
EK ekiti
EN enugu
FC federal capital territory|abuja|fct
GO gombe
IM imo
JI jigawa
KD kaduna
KN kano
KT katsina
KE kebbi
KO kogi
KW kwara
LA lagos
NA nasarawa|nassarawa
NI niger
OG ogun
ON ondo
OS osun
OY oyo
PL plateau
RI rivers
SO sokoto
TA taraba
YO yobe
ZA zamfara
`,
  ET: `
AA addis ababa|addis abeba
AF afar
AM amhara|amara
BE benishangul-gumuz
DD dire dawa
GA gambela|gambella
HA harari
OR oromia
SI sidama
SO somali
SN southern nations, nationalities, and peoples|snnpr|snnp
SW south west ethiopia peoples|south west ethiopia
TI tigray|tigrai
`,
  EG: `
ALX alexandria
ASN aswan
AST asyut|assiut
BA red sea
BH beheira
BNS beni suef
C cairo
DK dakahlia
DT damietta
FYM faiyum|fayoum
GH gharbia
GZ giza
IS ismailia
JS south sinai
KB qalyubia
KFS kafr el-sheikh
KN qena
LX luxor
MN minya
MNF monufia|menoufia
MT matrouh
PTS port said
SHG sohag
SHR sharqia
SIN north sinai
SUZ suez
WAD new valley
`,
  // The 26 provinces of the 2015 reform.
  CD: `
BC kongo central|bas-congo
BU bas-uélé
EQ équateur
HK haut-katanga
HL haut-lomami
HU haut-uélé
IT ituri
KC kasaï-central|kasaï central
KE kasaï-oriental|kasaï oriental
KG kwango
KL kwilu
KN kinshasa
KS kasaï
LO lomami
LU lualaba
MA maniema
MN mai-ndombe
MO mongala
NK north kivu|nord-kivu
NU nord-ubangi|north ubangi
SA sankuru
SK south kivu|sud-kivu
SU sud-ubangi|south ubangi
TA tanganyika
TO tshopo
TU tshuapa
`,
  ZA: `
EC eastern cape
FS free state
GP gauteng|=GT
KZN kwazulu-natal|=NL
LP limpopo
MP mpumalanga
NC northern cape
NW north west
WC western cape
`,
};
