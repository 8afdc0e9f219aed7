/**
 * First-level subdivisions (ISO 3166-2) of the Americas we cover. Line format, shared by every
 * file here: `<code after "XX-"> <name we answer with>|<other spellings>`; an alias starting with
 * `=` is a former or alternative code. Names are lowercase English, as records store them.
 */
export const AMERICAS: Record<string, string> = {
  // The 50 states, DC, the inhabited territories and the minor outlying islands, with the
  // old AP-style abbreviations still common in addresses.
  US: `
AL alabama|ala
AK alaska|alas
AZ arizona|ariz
AR arkansas|ark
CA california|calif|cal
CO colorado|colo|col
CT connecticut|conn
DE delaware|del
DC district of columbia|washington dc|washington d.c.|d.c.
FL florida|fla
GA georgia
HI hawaii|hawai'i
ID idaho
IL illinois|ill|ills
IN indiana|ind
IA iowa
KS kansas|kans|kan
KY kentucky
LA louisiana
ME maine
MD maryland
MA massachusetts|mass
MI michigan|mich
MN minnesota|minn
MS mississippi|miss
MO missouri
MT montana|mont
NE nebraska|nebr|neb
NV nevada|nev
NH new hampshire
NJ new jersey
NM new mexico
NY new york|new york state
NC north carolina
ND north dakota|n dak
OH ohio
OK oklahoma|okla
OR oregon|ore|oreg
PA pennsylvania|penn|penna
RI rhode island
SC south carolina
SD south dakota|s dak
TN tennessee|tenn
TX texas|tex
UT utah
VT vermont
VA virginia
WA washington|wash|washington state
WV west virginia|w va|wva
WI wisconsin|wis|wisc
WY wyoming|wyo
AS american samoa
GU guam
MP northern mariana islands
PR puerto rico
VI united states virgin islands|us virgin islands|u.s. virgin islands|virgin islands
UM united states minor outlying islands
`,
  CA: `
AB alberta|alta
BC british columbia|colombie-britannique
MB manitoba
NB new brunswick|nouveau-brunswick
NL newfoundland and labrador|newfoundland|terre-neuve-et-labrador|=NF
NS nova scotia|nouvelle-écosse
NT northwest territories|territoires du nord-ouest
NU nunavut
ON ontario
PE prince edward island|île-du-prince-édouard|pei
QC quebec|québec|=PQ
SK saskatchewan|sask
YT yukon|yukon territory
`,
  MX: `
AGU aguascalientes|=AGS
BCN baja california|=BC
BCS baja california sur
CAM campeche
CHP chiapas|=CHIS
CHH chihuahua|=CHIH
CMX mexico city|ciudad de méxico|cdmx|distrito federal|federal district|=DIF|=DF
COA coahuila|coahuila de zaragoza|=COAH
COL colima
DUR durango|=DGO
GUA guanajuato|=GTO
GRO guerrero
HID hidalgo
JAL jalisco
MEX state of mexico|estado de méxico|méxico state|edomex|=EDOMEX
MIC michoacán|michoacan|michoacán de ocampo|=MICH
MOR morelos
NAY nayarit
NLE nuevo león|nuevo leon|=NL
OAX oaxaca
PUE puebla
QUE querétaro|queretaro|=QRO
ROO quintana roo|=QROO
SLP san luis potosí|san luis potosi
SIN sinaloa
SON sonora
TAB tabasco
TAM tamaulipas|=TAMPS
TLA tlaxcala
VER veracruz|veracruz de ignacio de la llave
YUC yucatán|yucatan
ZAC zacatecas
`,
  BR: `
AC acre
AL alagoas
AP amapá|amapa
AM amazonas
BA bahia
CE ceará|ceara
DF federal district|distrito federal
ES espírito santo|espirito santo
GO goiás|goias
MA maranhão|maranhao
MT mato grosso
MS mato grosso do sul
MG minas gerais
PA pará|para
PB paraíba|paraiba
PR paraná|parana
PE pernambuco
PI piauí|piaui
RJ rio de janeiro
RN rio grande do norte
RS rio grande do sul
RO rondônia|rondonia
RR roraima
SC santa catarina
SP são paulo|sao paulo
SE sergipe
TO tocantins
`,
};
