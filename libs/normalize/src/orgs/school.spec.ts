import { cleanSchool, schoolKey } from './school';

describe('cleanSchool', () => {
  it.each([
    ['Stanford University', 'stanford university', 'name'],
    ['  STANFORD   UNIVERSITY ', 'stanford university', 'name'],
    ['Massachusetts Institute of Technology', 'massachusetts institute of technology', 'name'],
    ['Univ. of California, Berkeley', 'univ. of california, berkeley', 'name'],
    ['University of California, Berkeley,', 'university of california, berkeley', 'name'],
    ['The Ohio State University', 'the ohio state university', 'name'],
    ['École Polytechnique', 'école polytechnique', 'name'],
    ['Universität Wien', 'universität wien', 'name'],
    ['Technische Universität München', 'technische universität münchen', 'name'],
    ['Universidad de Buenos Aires', 'universidad de buenos aires', 'name'],
    ['東京大学', '東京大学', 'name'],
    ["St. John's College", "st. john's college", 'name'],
    ['Texas A&M University', 'texas a&m university', 'name'],
    ['Cascade State College', 'cascade state college', 'name'],
    ['IIT Bombay', 'iit bombay', 'name'],
    ['London School of Economics', 'london school of economics', 'name'],
    ['Harvard', 'harvard', 'name'],
    ['Yale University ', 'yale university', 'name'],
    ['Universidade de São Paulo', 'universidade de são paulo', 'name'],
    ['Lycée Henri-IV', 'lycée henri-iv', 'name'],
    ['stanford.edu', 'stanford.edu', 'domain'],
    ['www.stanford.edu', 'stanford.edu', 'domain'],
    ['https://www.stanford.edu/', 'stanford.edu', 'domain'],
    ['cs.stanford.edu', 'stanford.edu', 'domain'],
    ['http://www.ox.ac.uk/admissions', 'ox.ac.uk', 'domain'],
    ['www.cam.ac.uk', 'cam.ac.uk', 'domain'],
    ['u-tokyo.ac.jp', 'u-tokyo.ac.jp', 'domain'],
    ['tum.de', 'tum.de', 'domain'],
    ['mit.edu', 'mit.edu', 'domain'],
    ['cascade-state.example.edu', 'cascade-state.example.edu', 'domain'],
    ['https://bayview.example.edu/about', 'bayview.example.edu', 'domain'],
    [
      'linkedin.com/school/stanford-university',
      'https://netx.example.com/school/stanford-university',
      'social_url',
    ],
    ['https://www.linkedin.com/school/mit/', 'https://netx.example.com/school/mit', 'social_url'],
    [
      'https://uk.linkedin.com/school/university-of-oxford/?x=1',
      'https://netx.example.com/school/university-of-oxford',
      'social_url',
    ],
    [
      'https://netx.example.com/school/cascade-state-college',
      'https://netx.example.com/school/cascade-state-college',
      'social_url',
    ],
    [
      'https://www.linkedin.com/company/harvard-university',
      'https://netx.example.com/company/harvard-university',
      'social_url',
    ],
    ['https://twitter.com/Stanford', 'https://twitter.com/stanford', 'social_url'],
    ['https://www.facebook.com/stanford', 'https://www.facebook.com/stanford', 'social_url'],
    ['https://github.com/mit', 'https://github.com/mit', 'social_url'],
  ])('%j → %j (%s)', (input, name, type) => {
    const r = cleanSchool(input);
    expect(r).toEqual({ ok: true, value: { name, type } });
    if (r.ok) expect(cleanSchool(r.value.name)).toEqual(r);
  });

  it.each([
    ['', 'empty'],
    [' ', 'empty'],
    ['...', 'empty'],
    ['https://localhost', 'not_a_domain'],
    ['https://www.linkedin.com/in/', 'missing_username'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(cleanSchool(input)).toEqual({ ok: false, reason });
  });
});

describe('schoolKey', () => {
  it.each([
    ['Univ. of California, Berkeley', 'university of california berkeley'],
    ['University of California Berkeley', 'university of california berkeley'],
    ['The Ohio State University', 'ohio state university'],
    ['Mass. Inst. of Tech.', 'mass institute of technology'],
    ['Texas A&M', 'texas a and m'],
    ['École Polytechnique', 'ecole polytechnique'],
  ])('%j → %j', (input, expected) => {
    expect(schoolKey(input)).toBe(expected);
  });
});
