import { cityKey, normalizeCity, storedCityKey } from './city';

describe('normalizeCity', () => {
  it.each([
    ['NYC', 'new york', 'new york'],
    ['nyc', 'new york', 'new york'],
    ['New York City', 'new york', 'new york'],
    ['Manhattan', 'new york', 'new york'],
    ['New York', 'new york', 'new york'],
    ['SF', 'san francisco', 'san francisco'],
    ['San Fran', 'san francisco', 'san francisco'],
    ['San Francisco', 'san francisco', 'san francisco'],
    ['LA', 'los angeles', 'los angeles'],
    ['L.A.', 'los angeles', 'los angeles'],
    ['Washington, D.C.', 'washington', 'washington'],
    ['DC', 'washington', 'washington'],
    ['Philly', 'philadelphia', 'philadelphia'],
    ['Vegas', 'las vegas', 'las vegas'],
    ['NOLA', 'new orleans', 'new orleans'],
    ['St. Louis', 'st. louis', 'saint louis'],
    ['St Louis', 'st louis', 'saint louis'],
    ['Saint Louis', 'saint louis', 'saint louis'],
    ['ST. PETERSBURG', 'st. petersburg', 'saint petersburg'],
    ['St Pete', 'st. petersburg', 'saint petersburg'],
    ['Ste. Foy', 'ste. foy', 'sainte foy'],
    ['Mt. Vernon', 'mt. vernon', 'mount vernon'],
    ['Ft. Worth', 'ft. worth', 'fort worth'],
    ['São Paulo', 'são paulo', 'sao paulo'],
    ['Sao Paulo', 'sao paulo', 'sao paulo'],
    ['Montréal', 'montréal', 'montreal'],
    ['Zürich', 'zürich', 'zurich'],
    ['Düsseldorf', 'düsseldorf', 'dusseldorf'],
    ['Málaga', 'málaga', 'malaga'],
    ['Kraków', 'kraków', 'krakow'],
    ['München', 'munich', 'munich'],
    ['Muenchen', 'munich', 'munich'],
    ['Köln', 'cologne', 'cologne'],
    ['Wien', 'vienna', 'vienna'],
    ['Den Haag', 'the hague', 'hague'],
    ['The Hague', 'the hague', 'hague'],
    ['Bombay', 'mumbai', 'mumbai'],
    ['Bangalore', 'bengaluru', 'bengaluru'],
    ['Gurgaon', 'gurugram', 'gurugram'],
    ['Calcutta', 'kolkata', 'kolkata'],
    ['Peking', 'beijing', 'beijing'],
    ['Saigon', 'ho chi minh city', 'ho chi minh city'],
    ['CDMX', 'mexico city', 'mexico city'],
    ['Newcastle-upon-Tyne', 'newcastle upon tyne', 'newcastle upon tyne'],
    ["Coeur d'Alene", "coeur d'alene", 'coeur dalene'],
    ['  winston–salem ', 'winston-salem', 'winston salem'],
    ['東京', '東京', '東京'],
  ])('%j → %j (key %j)', (input, name, key) => {
    expect(normalizeCity(input)).toEqual({ ok: true, value: { name, key } });
    expect(cityKey(name)).toBe(key);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['12345', 'not_a_city'],
    ['--', 'not_a_city'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(normalizeCity(input)).toEqual({ ok: false, reason });
    expect(cityKey(input)).toBe('');
  });

  it('is idempotent', () => {
    for (const s of ['NYC', 'St. Louis', 'Bombay', 'Den Haag', 'São Paulo']) {
      const once = normalizeCity(s);
      if (once.ok) expect(normalizeCity(once.value.name)).toEqual(once);
    }
  });
});

describe('storedCityKey', () => {
  it.each([
    ['bombay', 'mumbai'],
    ['Mumbai', 'mumbai'],
    ['kiev', 'kyiv'],
    ['new york city', 'new york'],
    ['montréal', 'montreal'],
    ['antwerpen', 'antwerp'],
    ['frisco', 'frisco'],
    ['Manhattan', 'manhattan'],
    ['canton', 'canton'],
  ])('%j → %j', (stored, key) => {
    expect(storedCityKey(stored)).toBe(key);
  });

  it('keys a typed alias that names another place as the city it points to', () => {
    expect(cityKey('frisco')).toBe('san francisco');
  });
});
