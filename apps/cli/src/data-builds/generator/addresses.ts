/**
 * Postal codes, street addresses and coordinates that stay consistent with the chosen city, in
 * the local style of its country.
 */
import type { Rng } from '@app/random';
import type { City } from './places';

// ---------------------------------------------------------------------------------------------
// Postal codes

const GB_INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const CA_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';
const NL_LETTERS = 'ABCDEGHJKLMNPRTVWXZ';
const ALNUM = 'ACDEFHKNPRTVWXY0123456789';

function fillDigits(rng: Rng, prefix: string, length: number): string {
  return prefix + rng.digits(Math.max(0, length - prefix.length));
}

export interface Postal {
  code: string;
  /** ZIP+4 extension, US only. */
  plus4: string;
}

export function postalCode(rng: Rng, city: City): Postal {
  const country = city.country;
  switch (country.postal) {
    case 'us': {
      const [lo, hi] = city.zip!;
      return {
        code: String(rng.range(lo, hi)).padStart(5, '0'),
        plus4: rng.chance(0.5) ? rng.digits(4) : '',
      };
    }
    case 'gb':
      return {
        code: `${rng.pick(city.postalPrefixes)} ${rng.int(10)}${GB_INWARD_LETTERS[rng.int(GB_INWARD_LETTERS.length)]}${GB_INWARD_LETTERS[rng.int(GB_INWARD_LETTERS.length)]}`,
        plus4: '',
      };
    case 'ca':
      return {
        code: `${rng.pick(city.postalPrefixes)} ${rng.int(10)}${CA_LETTERS[rng.int(CA_LETTERS.length)]}${rng.int(10)}`,
        plus4: '',
      };
    case 'nl':
      return {
        code: `${fillDigits(rng, rng.pick(city.postalPrefixes), 4)} ${NL_LETTERS[rng.int(NL_LETTERS.length)]}${NL_LETTERS[rng.int(NL_LETTERS.length)]}`,
        plus4: '',
      };
    case 'ie': {
      let s = '';
      for (let i = 0; i < 4; i++) s += ALNUM[rng.int(ALNUM.length)];
      return { code: `${rng.pick(city.postalPrefixes)} ${s}`, plus4: '' };
    }
    case 'jp':
      return { code: `${rng.pick(city.postalPrefixes)}-${rng.digits(4)}`, plus4: '' };
    case 'br':
      return { code: `${fillDigits(rng, rng.pick(city.postalPrefixes), 5)}-${rng.digits(3)}`, plus4: '' };
    case 'pl': {
      return { code: `${rng.pick(city.postalPrefixes)}-${rng.digits(3)}`, plus4: '' };
    }
    case 'se':
      return { code: `${rng.pick(city.postalPrefixes)} ${rng.digits(2)}`, plus4: '' };
    case 'digits':
      return { code: fillDigits(rng, rng.pick(city.postalPrefixes), country.postalLength ?? 5), plus4: '' };
  }
}

// ---------------------------------------------------------------------------------------------
// Streets

const EN_NAMES =
  'main,oak,maple,park,pine,cedar,elm,washington,lake,hill,church,high,station,victoria,king,queen,mill,river,spring,sunset,highland,forest,meadow,ridge,valley,lincoln,jefferson,madison,franklin,market,bridge,grove,willow,chestnut,walnut,cherry,harbor,north,south,west,east,union,college,prospect,academy,orchard'.split(
    ',',
  );
const EN_US_SUFFIX = [
  'street',
  'avenue',
  'road',
  'boulevard',
  'drive',
  'lane',
  'way',
  'court',
  'place',
  'parkway',
];
const EN_GB_SUFFIX = [
  'road',
  'street',
  'lane',
  'avenue',
  'close',
  'gardens',
  'way',
  'crescent',
  'terrace',
  'drive',
];
const DE_NAMES =
  'haupt,bahnhof,schiller,goethe,garten,linden,kirch,schul,berliner,friedrich,mozart,wald,berg,dorf,rosen,birken,kaiser,markt,post,ring'.split(
    ',',
  );
const FR_NAMES = [
  'de la paix',
  'victor hugo',
  'de la république',
  'pasteur',
  'jean jaurès',
  'de la gare',
  'du moulin',
  'des lilas',
  'saint-honoré',
  'de rivoli',
  'nationale',
  'du château',
  "d'alsace",
  'gambetta',
  'voltaire',
];
const ES_NAMES = [
  'mayor',
  'real',
  'del sol',
  'de la paz',
  'gran vía',
  'de alcalá',
  'san miguel',
  'de la constitución',
  'del carmen',
  'nueva',
  'de colón',
  'juárez',
  'reforma',
  'hidalgo',
  'insurgentes',
];
const IT_NAMES = [
  'roma',
  'garibaldi',
  'mazzini',
  'dante',
  'cavour',
  'verdi',
  'venezia',
  'milano',
  'vittorio emanuele',
  'xx settembre',
  'matteotti',
  'marconi',
  'dei mille',
  'manzoni',
];
const NL_NAMES =
  'kerk,dorp,molen,school,stations,prinsen,heren,keizers,linden,beuken,eiken,markt,nieuwe,oude'.split(',');
const SE_NAMES =
  'drottning,kungs,stor,sveavägen,vasa,birger jarls,linné,järnvägs,skol,kyrko,hamn,strand'.split(',');
const PL_NAMES = [
  'marszałkowska',
  'długa',
  'polna',
  'lipowa',
  'kościuszki',
  'mickiewicza',
  'słowackiego',
  'piłsudskiego',
  'szkolna',
  'ogrodowa',
  'leśna',
  'kwiatowa',
];
const PT_NAMES = [
  'das flores',
  'são joão',
  'sete de setembro',
  'augusta',
  'da consolação',
  'xv de novembro',
  'dom pedro ii',
  'tiradentes',
  'santos dumont',
  'das palmeiras',
  'paulista',
  'brasil',
];
const JP_WARDS = [
  'chiyoda',
  'minato',
  'shibuya',
  'shinjuku',
  'chuo',
  'nakano',
  'kita',
  'naka',
  'higashi',
  'nishi',
  'minami',
  'meguro',
  'setagaya',
  'sakyo',
];
const IN_NAMES = [
  'mg',
  'station',
  'nehru',
  'gandhi',
  'park',
  'church',
  'temple',
  'lake',
  'ring',
  'residency',
  'brigade',
  'link',
  'hill',
  'market',
];

export interface Street {
  line1: string;
  line2: string;
}

/** A street address in the local style; address_line_2 is an apartment or suite for some. */
export function streetAddress(rng: Rng, city: City): Street {
  const n = rng.chance(0.7) ? rng.range(1, 999) : rng.range(1000, 9999);
  const small = rng.range(1, 120);
  let line1: string;
  switch (city.country.street) {
    case 'en':
      line1 =
        city.country.code === 'US' || city.country.code === 'CA'
          ? `${n} ${rng.pick(EN_NAMES)} ${rng.pick(EN_US_SUFFIX)}`
          : `${small} ${rng.pick(EN_NAMES)} ${rng.pick(EN_GB_SUFFIX)}`;
      break;
    case 'de':
      line1 = `${rng.pick(DE_NAMES)}straße ${small}`;
      break;
    case 'ch':
      line1 = `${rng.pick(DE_NAMES)}strasse ${small}`;
      break;
    case 'fr':
      line1 = `${small} ${rng.chance(0.7) ? 'rue' : 'avenue'} ${rng.pick(FR_NAMES)}`;
      break;
    case 'es':
      line1 = `${rng.chance(0.7) ? 'calle' : 'avenida'} ${rng.pick(ES_NAMES)} ${small}`;
      break;
    case 'it':
      line1 = `${rng.chance(0.8) ? 'via' : 'corso'} ${rng.pick(IT_NAMES)} ${small}`;
      break;
    case 'nl':
      line1 = `${rng.pick(NL_NAMES)}${rng.chance(0.6) ? 'straat' : 'weg'} ${small}`;
      break;
    case 'se': {
      const name = rng.pick(SE_NAMES);
      line1 = `${name.endsWith('vägen') || name.includes(' ') ? name : `${name}gatan`} ${small}`;
      break;
    }
    case 'pl':
      line1 = `ul. ${rng.pick(PL_NAMES)} ${small}`;
      break;
    case 'pt':
      line1 = `${rng.chance(0.7) ? 'rua' : 'avenida'} ${rng.pick(PT_NAMES)}, ${n}`;
      break;
    case 'jp':
      line1 = `${rng.range(1, 9)}-${rng.range(1, 30)}-${rng.range(1, 20)} ${rng.pick(JP_WARDS)}`;
      break;
    case 'in':
      line1 = `${small}, ${rng.pick(IN_NAMES)} road`;
      break;
  }
  let line2 = '';
  if (rng.chance(0.3)) {
    const unit = rng.range(1, 40);
    line2 = rng.chance(0.7) ? `apt ${unit}${rng.pick(['', 'a', 'b', 'c'])}` : `suite ${unit * 10}`;
    if (city.country.code !== 'US' && city.country.code !== 'CA') line2 = `flat ${unit}`;
  }
  return { line1, line2 };
}

/** City centre jittered by up to ~5 km, 4 decimals (about 11 m). */
export function geoNear(rng: Rng, city: City): string {
  return `${fixed4(city.lat + (rng.float() - 0.5) * 0.09)},${fixed4(city.lon + (rng.float() - 0.5) * 0.12)}`;
}

/** x with 4 decimals via integer formatting (much cheaper than Number#toFixed). */
function fixed4(x: number): string {
  const n = Math.round(Math.abs(x) * 10000);
  const frac = n % 10000;
  return `${x < 0 && n !== 0 ? '-' : ''}${(n - frac) / 10000}.${frac < 10 ? '000' : frac < 100 ? '00' : frac < 1000 ? '0' : ''}${frac}`;
}

/** State abbreviation as written in US/CA/AU mailing addresses; the region name elsewhere. */
export function shortRegion(city: City): string {
  const code = city.stateCode.slice(3);
  const c = city.country.code;
  return c === 'US' || c === 'CA' || c === 'AU' ? code : city.state;
}
