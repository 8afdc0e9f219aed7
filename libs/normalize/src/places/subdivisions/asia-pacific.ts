/** First-level subdivisions (ISO 3166-2) of the Asian and Pacific countries we cover; format as in americas.ts. */
export const ASIA_PACIFIC: Record<string, string> = {
  // 28 states and 8 union territories; the 2023 code changes keep the former codes as aliases.
  IN: `
AN andaman and nicobar islands|andaman and nicobar
AP andhra pradesh
AR arunachal pradesh
AS assam
BR bihar
CH chandigarh
CG chhattisgarh|chattisgarh|=CT
DH dadra and nagar haveli and daman and diu|dadra and nagar haveli|daman and diu|=DN|=DD
DL delhi|nct of delhi|national capital territory of delhi|new delhi
GA goa
GJ gujarat
HR haryana
HP himachal pradesh
JK jammu and kashmir
JH jharkhand
KA karnataka
KL kerala
LA ladakh
LD lakshadweep
MP madhya pradesh
MH maharashtra
MN manipur
ML meghalaya
MZ mizoram
NL nagaland
OD odisha|orissa|=OR
PY puducherry|pondicherry
PB punjab
RJ rajasthan
SK sikkim
TN tamil nadu
TS telangana|=TG
TR tripura
UP uttar pradesh
UK uttarakhand|uttaranchal|=UT
WB west bengal
`,
  // Letter codes since 2017; the former numeric codes are aliases.
  CN: `
BJ beijing|peking|=11
TJ tianjin|=12
HE hebei|=13
SX shanxi|=14
NM inner mongolia|nei mongol|nei menggu|=15
LN liaoning|=21
JL jilin|=22
HL heilongjiang|=23
SH shanghai|=31
JS jiangsu|=32
ZJ zhejiang|=33
AH anhui|=34
FJ fujian|=35
JX jiangxi|=36
SD shandong|=37
HA henan|=41
HB hubei|=42
HN hunan|=43
GD guangdong|canton|=44
GX guangxi|guangxi zhuang autonomous region|=45
HI hainan|=46
CQ chongqing|=50
SC sichuan|=51
GZ guizhou|=52
YN yunnan|=53
XZ tibet|xizang|tibet autonomous region|=54
SN shaanxi|=61
GS gansu|=62
QH qinghai|=63
NX ningxia|ningxia hui autonomous region|=64
XJ xinjiang|xinjiang uygur autonomous region|=65
TW taiwan|=71
HK hong kong|=91
MO macao|macau|=92
`,
  ID: `
AC aceh
BA bali
BB bangka belitung islands|bangka belitung|kepulauan bangka belitung
BE bengkulu
BT banten
GO gorontalo
JA jambi
JB west java|jawa barat
JI east java|jawa timur
JK jakarta|dki jakarta|jakarta raya
JT central java|jawa tengah
KB west kalimantan|kalimantan barat
KI east kalimantan|kalimantan timur
KR riau islands|kepulauan riau
KS south kalimantan|kalimantan selatan
KT central kalimantan|kalimantan tengah
KU north kalimantan|kalimantan utara
LA lampung
MA maluku
MU north maluku|maluku utara
NB west nusa tenggara|nusa tenggara barat
NT east nusa tenggara|nusa tenggara timur
PA papua
PB west papua|papua barat
PD southwest papua|papua barat daya
PE highland papua|papua pegunungan
PS south papua|papua selatan
PT central papua|papua tengah
RI riau
SA north sulawesi|sulawesi utara
SB west sumatra|sumatera barat
SG southeast sulawesi|sulawesi tenggara
SN south sulawesi|sulawesi selatan
SR west sulawesi|sulawesi barat
SS south sumatra|sumatera selatan
ST central sulawesi|sulawesi tengah
SU north sumatra|sumatera utara
YO special region of yogyakarta|yogyakarta|daerah istimewa yogyakarta
`,
  PK: `
BA balochistan|baluchistan
GB gilgit-baltistan
IS islamabad capital territory|islamabad
JK azad jammu and kashmir|azad kashmir|ajk
KP khyber pakhtunkhwa|kpk|north-west frontier province|nwfp|=TA
PB punjab
SD sindh|sind
`,
  BD: `
A barishal division|barishal|barisal
B chattogram division|chattogram|chittagong
C dhaka division|dhaka
D khulna division|khulna
E rajshahi division|rajshahi
F rangpur division|rangpur
G sylhet division|sylhet
H mymensingh division|mymensingh
`,
  JP: `
01 hokkaido|hokkaidō
02 aomori
03 iwate
04 miyagi
05 akita
06 yamagata
07 fukushima
08 ibaraki
09 tochigi
10 gunma
11 saitama
12 chiba
13 tokyo|tōkyō|tokyo metropolis
14 kanagawa
15 niigata
16 toyama
17 ishikawa
18 fukui
19 yamanashi
20 nagano
21 gifu
22 shizuoka
23 aichi
24 mie
25 shiga
26 kyoto|kyōto
27 osaka|ōsaka
28 hyogo|hyōgo
29 nara
30 wakayama
31 tottori
32 shimane
33 okayama
34 hiroshima
35 yamaguchi
36 tokushima
37 kagawa
38 ehime
39 kochi|kōchi
40 fukuoka
41 saga
42 nagasaki
43 kumamoto
44 oita|ōita
45 miyazaki
46 kagoshima
47 okinawa
`,
  // The 17 regions; provinces are a second level.
  PH: `
00 national capital region|metro manila|ncr
01 ilocos region|ilocos|region i
02 cagayan valley|region ii
03 central luzon|region iii
05 bicol region|bicol|region v
06 western visayas|region vi
07 central visayas|region vii
08 eastern visayas|region viii
09 zamboanga peninsula|region ix
10 northern mindanao|region x
11 davao region|davao|region xi
12 soccsksargen|region xii
13 caraga|region xiii
14 bangsamoro|barmm|armm|autonomous region in muslim mindanao
15 cordillera administrative region|cordillera|car
40 calabarzon|region iv-a
41 mimaropa|region iv-b|southwestern tagalog region
`,
  // The 63 provinces and cities ISO 3166-2:VN lists (the 2025 mergers are not in ISO yet).
  VN: `
HN hanoi|hà nội|ha noi
SG ho chi minh city|hồ chí minh|ho chi minh|saigon|sài gòn
DN da nang|đà nẵng
HP hai phong|hải phòng
CT can tho|cần thơ
01 lai châu
02 lào cai
03 hà giang
04 cao bằng
05 sơn la
06 yên bái
07 tuyên quang
09 lạng sơn
13 quảng ninh
14 hòa bình|hoà bình
18 ninh bình
20 thái bình
21 thanh hóa|thanh hoá
22 nghệ an
23 hà tĩnh
24 quảng bình
25 quảng trị
26 thừa thiên huế|thừa thiên-huế|hue
27 quảng nam
28 kon tum
29 quảng ngãi
30 gia lai
31 bình định
32 phú yên
33 đắk lắk|dak lak
34 khánh hòa|khánh hoà
35 lâm đồng
36 ninh thuận
37 tây ninh
39 đồng nai
40 bình thuận
41 long an
43 bà rịa-vũng tàu|ba ria vung tau
44 an giang
45 đồng tháp
46 tiền giang
47 kiên giang
49 vĩnh long
50 bến tre
51 trà vinh
52 sóc trăng
53 bắc kạn
54 bắc giang
55 bạc liêu
56 bắc ninh
57 bình dương
58 bình phước
59 cà mau
61 hải dương
63 hà nam
66 hưng yên
67 nam định
68 phú thọ
69 thái nguyên
70 vĩnh phúc
71 điện biên
72 đắk nông|dak nong
73 hậu giang
`,
  IR: `
01 east azerbaijan|azarbayjan-e sharqi
02 west azerbaijan|azarbayjan-e gharbi
03 ardabil
04 isfahan|esfahan
05 ilam
06 bushehr
07 tehran
08 chaharmahal and bakhtiari
10 khuzestan
11 zanjan
12 semnan
13 sistan and baluchestan
14 fars
15 kerman
16 kurdistan|kordestan
17 kermanshah
18 kohgiluyeh and boyer-ahmad
19 gilan
20 lorestan
21 mazandaran
22 markazi
23 hormozgan
24 hamadan
25 yazd
26 qom
27 golestan
28 qazvin
29 south khorasan
30 razavi khorasan|khorasan razavi
31 north khorasan
32 alborz
`,
  TH: `
10 bangkok|krung thep maha nakhon|krung thep
11 samut prakan
12 nonthaburi
13 pathum thani
14 phra nakhon si ayutthaya|ayutthaya
15 ang thong
16 lop buri
17 sing buri
18 chai nat
19 saraburi
20 chon buri
21 rayong
22 chanthaburi
23 trat
24 chachoengsao
25 prachin buri
26 nakhon nayok
27 sa kaeo
30 nakhon ratchasima|korat
31 buri ram
32 surin
33 si sa ket|sisaket
34 ubon ratchathani
35 yasothon
36 chaiyaphum
37 amnat charoen
38 bueng kan
39 nong bua lam phu
40 khon kaen
41 udon thani
42 loei
43 nong khai
44 maha sarakham
45 roi et
46 kalasin
47 sakon nakhon
48 nakhon phanom
49 mukdahan
50 chiang mai
51 lamphun
52 lampang
53 uttaradit
54 phrae
55 nan
56 phayao
57 chiang rai
58 mae hong son
60 nakhon sawan
61 uthai thani
62 kamphaeng phet
63 tak
64 sukhothai
65 phitsanulok
66 phichit
67 phetchabun
70 ratchaburi
71 kanchanaburi
72 suphan buri
73 nakhon pathom
74 samut sakhon
75 samut songkhram
76 phetchaburi
77 prachuap khiri khan
80 nakhon si thammarat
81 krabi
82 phang nga|phangnga
83 phuket
84 surat thani
85 ranong
86 chumphon
90 songkhla
91 satun
92 trang
93 phatthalung
94 pattani
95 yala
96 narathiwat
S pattaya|phatthaya
`,
  SG: `
01 central singapore
02 north east
03 north west
04 south east
05 south west
`,
  AU: `
ACT australian capital territory
NSW new south wales
NT northern territory
QLD queensland
SA south australia
TAS tasmania
VIC victoria
WA western australia
`,
};
