/**
 * Countries outside the US: ISO 3166-2 region codes with English region names, main cities with
 * approximate coordinates, the postal-code prefixes of each city, a weight (metro population,
 * thousands) and, where numbers depend on the city, the telephone area code(s).
 * City row: [city, lat, lon, postal prefixes, weight, area codes?].
 */
export type WorldCityRow = readonly [string, number, number, string, number, string?];
export type RegionRow = readonly [code: string, name: string, cities: readonly WorldCityRow[]];

export const CA_REGIONS: readonly RegionRow[] = [
  [
    'CA-ON',
    'ontario',
    [
      ['toronto', 43.6532, -79.3832, 'M5V M5H M4W M6G M5A M4Y', 6200, '416 647 437'],
      ['ottawa', 45.4215, -75.6972, 'K1P K2P K1N K1S', 1400, '613 343'],
      ['mississauga', 43.589, -79.6441, 'L5B L5M L4Z', 720, '905 289'],
      ['waterloo', 43.4643, -80.5204, 'N2L N2J N2K', 300, '519 226'],
    ],
  ],
  [
    'CA-QC',
    'quebec',
    [
      ['montréal', 45.5017, -73.5673, 'H2X H3B H2T H3A', 4300, '514 438'],
      ['québec city', 46.8139, -71.208, 'G1R G1K G1S', 840, '418 581'],
    ],
  ],
  [
    'CA-BC',
    'british columbia',
    [
      ['vancouver', 49.2827, -123.1207, 'V6B V6E V5K V6K', 2600, '604 778 236'],
      ['victoria', 48.4284, -123.3656, 'V8W V8V', 400, '250 778'],
    ],
  ],
  [
    'CA-AB',
    'alberta',
    [
      ['calgary', 51.0447, -114.0719, 'T2P T2R T3A', 1500, '403 587'],
      ['edmonton', 53.5461, -113.4938, 'T5J T6E T5K', 1400, '780 587'],
    ],
  ],
  ['CA-MB', 'manitoba', [['winnipeg', 49.8951, -97.1384, 'R3C R2M R3T', 830, '204 431']]],
  ['CA-NS', 'nova scotia', [['halifax', 44.6488, -63.5752, 'B3H B3J B3K', 440, '902 782']]],
];

export const GB_REGIONS: readonly RegionRow[] = [
  [
    'GB-ENG',
    'england',
    [
      ['london', 51.5074, -0.1278, 'EC1A W1D SW1A N1 E14 SE1 WC2N NW1 EC2V', 9000],
      ['manchester', 53.4808, -2.2426, 'M1 M2 M4 M15', 2800],
      ['birmingham', 52.4862, -1.8904, 'B1 B2 B15', 2600],
      ['leeds', 53.8008, -1.5491, 'LS1 LS2 LS6', 1900],
      ['bristol', 51.4545, -2.5879, 'BS1 BS8', 700],
      ['liverpool', 53.4084, -2.9916, 'L1 L3', 900],
      ['newcastle upon tyne', 54.9783, -1.6178, 'NE1 NE2', 800],
      ['cambridge', 52.2053, 0.1218, 'CB1 CB2', 150],
      ['oxford', 51.752, -1.2577, 'OX1 OX2', 160],
    ],
  ],
  [
    'GB-SCT',
    'scotland',
    [
      ['edinburgh', 55.9533, -3.1883, 'EH1 EH3 EH8', 530],
      ['glasgow', 55.8642, -4.2518, 'G1 G2 G12', 1000],
      ['aberdeen', 57.1497, -2.0943, 'AB10 AB11', 230],
    ],
  ],
  [
    'GB-WLS',
    'wales',
    [
      ['cardiff', 51.4816, -3.1791, 'CF10 CF11', 480],
      ['swansea', 51.6214, -3.9436, 'SA1', 250],
    ],
  ],
  ['GB-NIR', 'northern ireland', [['belfast', 54.5973, -5.9301, 'BT1 BT7', 640]]],
];

export const IE_REGIONS: readonly RegionRow[] = [
  ['IE-D', 'dublin', [['dublin', 53.3498, -6.2603, 'D02 D04 D08 D15 D18', 1400]]],
  ['IE-CO', 'cork', [['cork', 51.8985, -8.4756, 'T12 T23', 300]]],
  ['IE-G', 'galway', [['galway', 53.2707, -9.0568, 'H91', 85]]],
];

export const DE_REGIONS: readonly RegionRow[] = [
  ['DE-BE', 'berlin', [['berlin', 52.52, 13.405, '101 104 105 106 107 108 109 120 130 140', 3700]]],
  [
    'DE-BY',
    'bavaria',
    [
      ['munich', 48.1351, 11.582, '803 804 805 806 807 808 809 813', 1500],
      ['nuremberg', 49.4521, 11.0767, '904 903', 520],
    ],
  ],
  ['DE-HH', 'hamburg', [['hamburg', 53.5511, 9.9937, '200 203 204 205 221 227', 1900]]],
  ['DE-HE', 'hesse', [['frankfurt', 50.1109, 8.6821, '603 604 605 659', 760]]],
  [
    'DE-NW',
    'north rhine-westphalia',
    [
      ['cologne', 50.9375, 6.9603, '506 507 508 509 510', 1090],
      ['düsseldorf', 51.2277, 6.7735, '402 404 405 406', 620],
    ],
  ],
  ['DE-BW', 'baden-württemberg', [['stuttgart', 48.7758, 9.1829, '701 703 704', 630]]],
  [
    'DE-SN',
    'saxony',
    [
      ['leipzig', 51.3397, 12.3731, '041 043', 600],
      ['dresden', 51.0504, 13.7373, '010 011', 560],
    ],
  ],
];

export const FR_REGIONS: readonly RegionRow[] = [
  [
    'FR-IDF',
    'île-de-france',
    [
      [
        'paris',
        48.8566,
        2.3522,
        '75001 75002 75003 75004 75005 75006 75007 75008 75009 75010 75011 75012 75013 75014 75015 75016 75017 75018 75019 75020',
        11000,
      ],
    ],
  ],
  [
    'FR-ARA',
    'auvergne-rhône-alpes',
    [['lyon', 45.764, 4.8357, '69001 69002 69003 69004 69005 69006 69007 69008 69009', 1700]],
  ],
  [
    'FR-PAC',
    "provence-alpes-côte d'azur",
    [
      ['marseille', 43.2965, 5.3698, '13001 13002 13006 13008', 1600],
      ['nice', 43.7102, 7.262, '06000 06100 06200 06300', 1000],
    ],
  ],
  ['FR-OCC', 'occitanie', [['toulouse', 43.6047, 1.4442, '31000 31100 31200 31300 31400 31500', 1400]]],
  ['FR-NAQ', 'nouvelle-aquitaine', [['bordeaux', 44.8378, -0.5792, '33000 33100 33200 33300 33800', 1000]]],
  ['FR-HDF', 'hauts-de-france', [['lille', 50.6292, 3.0573, '59000 59800', 1200]]],
  ['FR-PDL', 'pays de la loire', [['nantes', 47.2184, -1.5536, '44000 44100 44200 44300', 970]]],
  ['FR-GES', 'grand est', [['strasbourg', 48.5734, 7.7521, '67000 67100 67200', 800]]],
];

export const ES_REGIONS: readonly RegionRow[] = [
  ['ES-MD', 'community of madrid', [['madrid', 40.4168, -3.7038, '280', 6700]]],
  ['ES-CT', 'catalonia', [['barcelona', 41.3851, 2.1734, '080', 5600]]],
  ['ES-VC', 'valencian community', [['valencia', 39.4699, -0.3763, '460', 1600]]],
  [
    'ES-AN',
    'andalusia',
    [
      ['seville', 37.3891, -5.9845, '410', 1500],
      ['málaga', 36.7213, -4.4214, '290', 1000],
    ],
  ],
  ['ES-PV', 'basque country', [['bilbao', 43.263, -2.935, '480', 1000]]],
];

export const IT_REGIONS: readonly RegionRow[] = [
  ['IT-25', 'lombardy', [['milan', 45.4642, 9.19, '201', 4300]]],
  ['IT-62', 'lazio', [['rome', 41.9028, 12.4964, '001', 4300]]],
  ['IT-21', 'piedmont', [['turin', 45.0703, 7.6869, '101', 2200]]],
  ['IT-72', 'campania', [['naples', 40.8518, 14.2681, '801', 3100]]],
  ['IT-52', 'tuscany', [['florence', 43.7696, 11.2558, '501', 1000]]],
];

export const NL_REGIONS: readonly RegionRow[] = [
  [
    'NL-NH',
    'north holland',
    [
      ['amsterdam', 52.3676, 4.9041, '10', 2400],
      ['haarlem', 52.3874, 4.6462, '20', 160],
    ],
  ],
  [
    'NL-ZH',
    'south holland',
    [
      ['rotterdam', 51.9244, 4.4777, '30', 1000],
      ['the hague', 52.0705, 4.3007, '25', 800],
    ],
  ],
  ['NL-UT', 'utrecht', [['utrecht', 52.0907, 5.1214, '35', 650]]],
  ['NL-NB', 'north brabant', [['eindhoven', 51.4416, 5.4697, '56', 450]]],
];

export const SE_REGIONS: readonly RegionRow[] = [
  ['SE-AB', 'stockholm county', [['stockholm', 59.3293, 18.0686, '111 113 114 116 118', 2400]]],
  ['SE-O', 'västra götaland county', [['gothenburg', 57.7089, 11.9746, '411 413 414', 1000]]],
  ['SE-M', 'skåne county', [['malmö', 55.605, 13.0038, '211 214 217', 700]]],
];

export const CH_REGIONS: readonly RegionRow[] = [
  ['CH-ZH', 'zürich', [['zürich', 47.3769, 8.5417, '80', 1400]]],
  ['CH-GE', 'geneva', [['geneva', 46.2044, 6.1432, '12', 600]]],
  ['CH-BS', 'basel-stadt', [['basel', 47.5596, 7.5886, '40', 550]]],
  ['CH-BE', 'bern', [['bern', 46.948, 7.4474, '30', 420]]],
  ['CH-VD', 'vaud', [['lausanne', 46.5197, 6.6323, '10', 420]]],
];

export const PL_REGIONS: readonly RegionRow[] = [
  ['PL-14', 'masovia', [['warsaw', 52.2297, 21.0122, '00 01 02 03 04', 3100]]],
  ['PL-12', 'lesser poland', [['kraków', 50.0647, 19.945, '30 31', 1500]]],
  ['PL-02', 'lower silesia', [['wrocław', 51.1079, 17.0385, '50 51 52 53', 1250]]],
  ['PL-30', 'greater poland', [['poznań', 52.4064, 16.9252, '60 61', 1000]]],
  ['PL-22', 'pomerania', [['gdańsk', 54.352, 18.6466, '80', 1100]]],
];

export const IN_REGIONS: readonly RegionRow[] = [
  [
    'IN-MH',
    'maharashtra',
    [
      ['mumbai', 19.076, 72.8777, '4000 4001', 20000],
      ['pune', 18.5204, 73.8567, '4110 4114', 7000],
    ],
  ],
  ['IN-KA', 'karnataka', [['bengaluru', 12.9716, 77.5946, '5600 5601', 13000]]],
  ['IN-DL', 'delhi', [['new delhi', 28.6139, 77.209, '1100 1101', 18000]]],
  [
    'IN-TN',
    'tamil nadu',
    [
      ['chennai', 13.0827, 80.2707, '6000 6001', 11000],
      ['coimbatore', 11.0168, 76.9558, '6410', 2200],
    ],
  ],
  ['IN-WB', 'west bengal', [['kolkata', 22.5726, 88.3639, '7000 7001', 15000]]],
  ['IN-GJ', 'gujarat', [['ahmedabad', 23.0225, 72.5714, '3800', 8000]]],
  ['IN-HR', 'haryana', [['gurugram', 28.4595, 77.0266, '1220', 1500]]],
  ['IN-UP', 'uttar pradesh', [['noida', 28.5355, 77.391, '2013', 900]]],
];

export const SG_REGIONS: readonly RegionRow[] = [
  [
    'SG-01',
    'central singapore',
    [['singapore', 1.3521, 103.8198, '01 03 04 06 07 08 09 23 24 31 38 42', 5600]],
  ],
];

export const JP_REGIONS: readonly RegionRow[] = [
  ['JP-13', 'tokyo', [['tokyo', 35.6762, 139.6503, '100 102 103 104 105 106 107 150 151 160 162', 14000]]],
  ['JP-27', 'osaka', [['osaka', 34.6937, 135.5023, '530 531 540 541 542 550', 2700]]],
  [
    'JP-14',
    'kanagawa',
    [
      ['yokohama', 35.4437, 139.638, '220 221 231 222', 3700],
      ['kawasaki', 35.5308, 139.7029, '210 211 212', 1500],
    ],
  ],
  ['JP-23', 'aichi', [['nagoya', 35.1815, 136.9066, '450 451 460 461', 2300]]],
  ['JP-40', 'fukuoka', [['fukuoka', 33.5904, 130.4017, '810 812 814', 1600]]],
  ['JP-01', 'hokkaido', [['sapporo', 43.0618, 141.3545, '060 062 064', 1950]]],
  ['JP-26', 'kyoto', [['kyoto', 35.0116, 135.7681, '600 602 604 605', 1460]]],
];

export const AU_REGIONS: readonly RegionRow[] = [
  [
    'AU-NSW',
    'new south wales',
    [
      ['sydney', -33.8688, 151.2093, '2000 2010 2060 2065 2007', 5300],
      ['newcastle', -32.9283, 151.7817, '2300 2289', 500],
    ],
  ],
  ['AU-VIC', 'victoria', [['melbourne', -37.8136, 144.9631, '3000 3121 3141 3181 3065', 5100]]],
  [
    'AU-QLD',
    'queensland',
    [
      ['brisbane', -27.4698, 153.0251, '4000 4101 4006 4169', 2600],
      ['gold coast', -28.0167, 153.4, '4217 4218', 700],
    ],
  ],
  ['AU-WA', 'western australia', [['perth', -31.9505, 115.8605, '6000 6005 6008', 2100]]],
  ['AU-SA', 'south australia', [['adelaide', -34.9285, 138.6007, '5000 5006 5067', 1400]]],
  ['AU-ACT', 'australian capital territory', [['canberra', -35.2809, 149.13, '2600 2601 2612', 460]]],
];

export const BR_REGIONS: readonly RegionRow[] = [
  [
    'BR-SP',
    'são paulo',
    [
      ['são paulo', -23.5505, -46.6333, '010 013 014 045 046 050', 22000, '11'],
      ['campinas', -22.9099, -47.0626, '130 131', 3200, '19'],
    ],
  ],
  ['BR-RJ', 'rio de janeiro', [['rio de janeiro', -22.9068, -43.1729, '200 220 222 224', 13000, '21']]],
  ['BR-MG', 'minas gerais', [['belo horizonte', -19.9167, -43.9345, '301 302 303', 6000, '31']]],
  ['BR-DF', 'federal district', [['brasília', -15.7975, -47.8919, '700 701 702', 4700, '61']]],
  ['BR-PR', 'paraná', [['curitiba', -25.4284, -49.2733, '800 801 802', 3700, '41']]],
  ['BR-RS', 'rio grande do sul', [['porto alegre', -30.0346, -51.2177, '900 901 902', 4300, '51']]],
  ['BR-PE', 'pernambuco', [['recife', -8.0476, -34.877, '500 501 510', 4000, '81']]],
];

export const MX_REGIONS: readonly RegionRow[] = [
  ['MX-CMX', 'mexico city', [['mexico city', 19.4326, -99.1332, '06 03 11 01 04', 21000, '55']]],
  ['MX-JAL', 'jalisco', [['guadalajara', 20.6597, -103.3496, '44 45', 5200, '33']]],
  ['MX-NLE', 'nuevo león', [['monterrey', 25.6866, -100.3161, '64 66', 5300, '81']]],
  ['MX-QUE', 'querétaro', [['querétaro', 20.5888, -100.3899, '76', 1600, '442']]],
  ['MX-PUE', 'puebla', [['puebla', 19.0414, -98.2063, '72', 3100, '222']]],
];

export const ZA_REGIONS: readonly RegionRow[] = [
  [
    'ZA-GP',
    'gauteng',
    [
      ['johannesburg', -26.2041, 28.0473, '20 21', 6000],
      ['pretoria', -25.7479, 28.2293, '00 01', 2900],
    ],
  ],
  ['ZA-WC', 'western cape', [['cape town', -33.9249, 18.4241, '80 74 77', 4700]]],
  ['ZA-KZN', 'kwazulu-natal', [['durban', -29.8587, 31.0218, '40 41', 3700]]],
];
