import { cleanFirstName, cleanFullName, cleanLastName } from './person-name';

describe('cleanFullName', () => {
  it.each([
    ['John Smith', 'john smith'],
    ['  JOHN   SMITH  ', 'john smith'],
    ['Dr. John Smith', 'john smith'],
    ['Dr John Smith', 'john smith'],
    ['Mr. John Smith Jr.', 'john smith'],
    ['Mrs Jane Doe', 'jane doe'],
    ['Ms. Jane Doe', 'jane doe'],
    ['Prof. Dr. Hans Müller', 'hans müller'],
    ['Sir Elton John', 'elton john'],
    ['Captain Jack Sparrow', 'jack sparrow'],
    ['Rev. Martin Luther King Jr.', 'martin luther king'],
    ['Mr. and Mrs. Smith', 'smith'],
    ['John Smith III', 'john smith'],
    ['John Smith 3rd', 'john smith'],
    ['John Smith, PhD', 'john smith'],
    ['Jane Doe, M.D.', 'jane doe'],
    ['JOHN A. SMITH, Ph.D.', 'john a smith'],
    ['Jane Doe, Esq.', 'jane doe'],
    ['Jane Doe MBA', 'jane doe'],
    ['Jane Doe, CPA, CFA', 'jane doe'],
    ['John Smith, Do', 'john smith'],
    ['Smith, John', 'john smith'],
    ['Smith, John Jr.', 'john smith'],
    ['Dr. Smith, John', 'john smith'],
    ['Smith, Dr. John', 'john smith'],
    ['John "Johnny" Smith', 'john smith'],
    ['John (Jack) Smith', 'john smith'],
    ['J.R.R. Tolkien', 'j r r tolkien'],
    ['Dr.Smith', 'smith'],
    ["Mary O'Brien", "mary o'brien"],
    ['Mary O’Brien', "mary o'brien"],
    ['Ludwig van Beethoven', 'ludwig van beethoven'],
    ['Vincent van der Berg', 'vincent van der berg'],
    ['María de la Cruz', 'maría de la cruz'],
    ['Leonardo da Vinci', 'leonardo da vinci'],
    ['Anne-Marie Smith–Jones', 'anne-marie smith-jones'],
    ['Anne-Marie Smith - Jones', 'anne-marie smith-jones'],
    ['José Álvarez-Núñez III', 'josé álvarez-núñez'],
    ['Jose\u0301 Garci\u0301a', 'josé garcía'],
    ['Łukasz Żółć', 'łukasz żółć'],
    ['Søren Kierkegaard', 'søren kierkegaard'],
    ['Ólafur Arnalds', 'ólafur arnalds'],
    ['Zoë Saldaña', 'zoë saldaña'],
    ['王小明', '王小明'],
    ['山田 太郎', '山田 太郎'],
    ['Мария Иванова', 'мария иванова'],
    ['محمد علي', 'محمد علي'],
    ['김민준', '김민준'],
    ['Nguyen Van Do', 'nguyen van do'],
    ['Major Taylor', 'major taylor'],
    ['Lady Gaga', 'lady gaga'],
    ['John\u200b Smith', 'john smith'],
  ])('%j → %j', (input, expected) => {
    expect(cleanFullName(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['()', 'empty'],
    ['R2D2', 'invalid_characters'],
    ['john@example.com', 'invalid_characters'],
    ['John #1 Smith', 'invalid_characters'],
    ['a'.repeat(300), 'too_long'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(cleanFullName(input)).toEqual({ ok: false, reason });
  });
});

describe('cleanFirstName', () => {
  it.each([
    ['John', 'john'],
    ['  JANE ', 'jane'],
    ['Dr. Jane', 'jane'],
    ['Mr John', 'john'],
    ['ms. ANNE-marie', 'anne-marie'],
    ['Professor Ada', 'ada'],
    ['Mary Ann', 'mary ann'],
    ['Mary  Ann', 'mary ann'],
    ['Jean-Luc', 'jean-luc'],
    ['Zoë', 'zoë'],
    ['José', 'josé'],
    ['Siobhán', 'siobhán'],
    ['D’Andre', "d'andre"],
    ['J.', 'j'],
    ['Major', 'major'],
    ['Mr', 'mr'],
    ['John Jr', 'john jr'],
    ['Björn', 'björn'],
    ['太郎', '太郎'],
    ['Александр', 'александр'],
  ])('%j → %j', (input, expected) => {
    expect(cleanFirstName(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'empty'],
    ['123', 'invalid_characters'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(cleanFirstName(input)).toEqual({ ok: false, reason });
  });
});

describe('cleanLastName', () => {
  it.each([
    ['Smith', 'smith'],
    ['SMITH ', 'smith'],
    ['Smith Jr.', 'smith'],
    ['Smith, Jr.', 'smith'],
    ['Smith III', 'smith'],
    ['Smith, PhD', 'smith'],
    ['Smith, MA', 'smith'],
    ['Smith MD', 'smith'],
    ['de la Cruz, MD', 'de la cruz'],
    ['van der Berg', 'van der berg'],
    ['Van Der Berg', 'van der berg'],
    ["O'BRIEN", "o'brien"],
    ['O’Neill', "o'neill"],
    ['McDonald', 'mcdonald'],
    ['Smith-Jones', 'smith-jones'],
    ['García Márquez', 'garcía márquez'],
    ['Müller', 'müller'],
    ['Do', 'do'],
    ['Jr', 'jr'],
    ['Dr. Smith', 'dr smith'],
  ])('%j → %j', (input, expected) => {
    expect(cleanLastName(input)).toEqual({ ok: true, value: expected });
  });

  it('rejects values without a name', () => {
    expect(cleanLastName(', Jr.')).toEqual({ ok: false, reason: 'empty' });
    expect(cleanLastName('Smith2')).toEqual({ ok: false, reason: 'invalid_characters' });
  });
});

describe('name cleaning is idempotent', () => {
  const samples = [
    'Dr. John Smith Jr.',
    'Smith, John',
    'Major Smith Jr',
    'Dr Jr',
    'Lady Gaga',
    'J.R.R. Tolkien',
    'Dr.Smith',
    "Mary O'Brien",
    'María de la Cruz',
    'Mr. and Mrs. Smith',
    'Prof. Dr. Hans Müller',
    'Smith, John, MD',
    'Mx Sam',
  ];
  it.each([
    ['full', cleanFullName],
    ['first', cleanFirstName],
    ['last', cleanLastName],
  ] as const)('%s name', (_label, clean) => {
    for (const s of samples) {
      const once = clean(s);
      if (once.ok) expect(clean(once.value)).toEqual(once);
    }
  });
});
