/**
 * Universities by US state and by country, with their web domains. People mostly study near
 * where they grew up; community colleges and high schools are named after cities at run time.
 * Row: [name, website].
 */
export type SchoolRow = readonly [string, string];

const s = (rows: string): SchoolRow[] =>
  rows.split(';').map((r) => {
    const [name, site] = r.split('|');
    return [name, site] as const;
  });

export const US_SCHOOLS: Readonly<Record<string, readonly SchoolRow[]>> = {
  AL: s('university of alabama|ua.edu;auburn university|auburn.edu'),
  AK: s('university of alaska anchorage|uaa.alaska.edu'),
  AZ: s('arizona state university|asu.edu;university of arizona|arizona.edu'),
  AR: s('university of arkansas|uark.edu'),
  CA: s(
    'university of california, berkeley|berkeley.edu;stanford university|stanford.edu;university of california, los angeles|ucla.edu;university of southern california|usc.edu;san diego state university|sdsu.edu;university of california, san diego|ucsd.edu;san jose state university|sjsu.edu;university of california, davis|ucdavis.edu',
  ),
  CO: s('university of colorado boulder|colorado.edu;colorado state university|colostate.edu'),
  CT: s('university of connecticut|uconn.edu;yale university|yale.edu'),
  DE: s('university of delaware|udel.edu'),
  DC: s(
    'georgetown university|georgetown.edu;george washington university|gwu.edu;howard university|howard.edu',
  ),
  FL: s(
    'university of florida|ufl.edu;florida state university|fsu.edu;university of central florida|ucf.edu;university of miami|miami.edu',
  ),
  GA: s(
    'georgia institute of technology|gatech.edu;university of georgia|uga.edu;emory university|emory.edu;georgia state university|gsu.edu',
  ),
  HI: s('university of hawaii at manoa|hawaii.edu'),
  ID: s('boise state university|boisestate.edu;university of idaho|uidaho.edu'),
  IL: s(
    'university of illinois urbana-champaign|illinois.edu;university of chicago|uchicago.edu;northwestern university|northwestern.edu;depaul university|depaul.edu',
  ),
  IN: s(
    'indiana university bloomington|indiana.edu;purdue university|purdue.edu;university of notre dame|nd.edu',
  ),
  IA: s('university of iowa|uiowa.edu;iowa state university|iastate.edu'),
  KS: s('university of kansas|ku.edu;kansas state university|k-state.edu'),
  KY: s('university of kentucky|uky.edu;university of louisville|louisville.edu'),
  LA: s('louisiana state university|lsu.edu;tulane university|tulane.edu'),
  ME: s('university of maine|umaine.edu'),
  MD: s('university of maryland|umd.edu;johns hopkins university|jhu.edu'),
  MA: s(
    'harvard university|harvard.edu;massachusetts institute of technology|mit.edu;boston university|bu.edu;northeastern university|northeastern.edu;university of massachusetts amherst|umass.edu',
  ),
  MI: s(
    'university of michigan|umich.edu;michigan state university|msu.edu;wayne state university|wayne.edu',
  ),
  MN: s('university of minnesota|umn.edu'),
  MS: s('university of mississippi|olemiss.edu;mississippi state university|msstate.edu'),
  MO: s('university of missouri|missouri.edu;washington university in st. louis|wustl.edu'),
  MT: s('university of montana|umt.edu;montana state university|montana.edu'),
  NE: s('university of nebraska-lincoln|unl.edu'),
  NV: s('university of nevada, las vegas|unlv.edu;university of nevada, reno|unr.edu'),
  NH: s('university of new hampshire|unh.edu;dartmouth college|dartmouth.edu'),
  NJ: s('rutgers university|rutgers.edu;princeton university|princeton.edu'),
  NM: s('university of new mexico|unm.edu'),
  NY: s(
    'new york university|nyu.edu;columbia university|columbia.edu;cornell university|cornell.edu;university at buffalo|buffalo.edu;syracuse university|syr.edu;fordham university|fordham.edu',
  ),
  NC: s(
    'university of north carolina at chapel hill|unc.edu;duke university|duke.edu;north carolina state university|ncsu.edu',
  ),
  ND: s('university of north dakota|und.edu;north dakota state university|ndsu.edu'),
  OH: s(
    'the ohio state university|osu.edu;university of cincinnati|uc.edu;case western reserve university|case.edu',
  ),
  OK: s('university of oklahoma|ou.edu;oklahoma state university|okstate.edu'),
  OR: s(
    'university of oregon|uoregon.edu;oregon state university|oregonstate.edu;portland state university|pdx.edu',
  ),
  PA: s(
    'pennsylvania state university|psu.edu;university of pennsylvania|upenn.edu;university of pittsburgh|pitt.edu;carnegie mellon university|cmu.edu;temple university|temple.edu',
  ),
  RI: s('brown university|brown.edu;university of rhode island|uri.edu'),
  SC: s('university of south carolina|sc.edu;clemson university|clemson.edu'),
  SD: s('south dakota state university|sdstate.edu'),
  TN: s('vanderbilt university|vanderbilt.edu;university of tennessee|utk.edu'),
  TX: s(
    'the university of texas at austin|utexas.edu;texas a&m university|tamu.edu;rice university|rice.edu;university of houston|uh.edu;texas tech university|ttu.edu',
  ),
  UT: s('university of utah|utah.edu;brigham young university|byu.edu'),
  VT: s('university of vermont|uvm.edu'),
  VA: s('university of virginia|virginia.edu;virginia tech|vt.edu;george mason university|gmu.edu'),
  WA: s('university of washington|uw.edu;washington state university|wsu.edu'),
  WV: s('west virginia university|wvu.edu'),
  WI: s('university of wisconsin-madison|wisc.edu;marquette university|marquette.edu'),
  WY: s('university of wyoming|uwyo.edu'),
};

export const WORLD_SCHOOLS: Readonly<Record<string, readonly SchoolRow[]>> = {
  CA: s(
    'university of toronto|utoronto.ca;mcgill university|mcgill.ca;university of british columbia|ubc.ca;university of waterloo|uwaterloo.ca;université de montréal|umontreal.ca;university of alberta|ualberta.ca',
  ),
  GB: s(
    "university of oxford|ox.ac.uk;university of cambridge|cam.ac.uk;imperial college london|imperial.ac.uk;university college london|ucl.ac.uk;university of manchester|manchester.ac.uk;university of edinburgh|ed.ac.uk;king's college london|kcl.ac.uk;university of bristol|bristol.ac.uk",
  ),
  IE: s('trinity college dublin|tcd.ie;university college dublin|ucd.ie;university college cork|ucc.ie'),
  DE: s(
    'technical university of munich|tum.de;ludwig maximilian university of munich|lmu.de;humboldt university of berlin|hu-berlin.de;rwth aachen university|rwth-aachen.de;heidelberg university|uni-heidelberg.de',
  ),
  FR: s(
    'sorbonne université|sorbonne-universite.fr;école polytechnique|polytechnique.edu;hec paris|hec.edu;sciences po|sciencespo.fr;université paris-saclay|universite-paris-saclay.fr',
  ),
  ES: s(
    'complutense university of madrid|ucm.es;university of barcelona|ub.edu;ie university|ie.edu;esade|esade.edu',
  ),
  IT: s(
    'politecnico di milano|polimi.it;bocconi university|unibocconi.it;sapienza university of rome|uniroma1.it;university of bologna|unibo.it',
  ),
  NL: s(
    'university of amsterdam|uva.nl;delft university of technology|tudelft.nl;erasmus university rotterdam|eur.nl;utrecht university|uu.nl',
  ),
  SE: s(
    'kth royal institute of technology|kth.se;stockholm university|su.se;lund university|lu.se;chalmers university of technology|chalmers.se',
  ),
  CH: s('eth zürich|ethz.ch;epfl|epfl.ch;university of zurich|uzh.ch;university of geneva|unige.ch'),
  PL: s(
    'university of warsaw|uw.edu.pl;jagiellonian university|uj.edu.pl;warsaw university of technology|pw.edu.pl',
  ),
  IN: s(
    'indian institute of technology bombay|iitb.ac.in;indian institute of technology delhi|iitd.ac.in;indian institute of technology madras|iitm.ac.in;university of delhi|du.ac.in;anna university|annauniv.edu;birla institute of technology and science, pilani|bits-pilani.ac.in;university of mumbai|mu.ac.in',
  ),
  SG: s(
    'national university of singapore|nus.edu.sg;nanyang technological university|ntu.edu.sg;singapore management university|smu.edu.sg',
  ),
  JP: s(
    'university of tokyo|u-tokyo.ac.jp;kyoto university|kyoto-u.ac.jp;osaka university|osaka-u.ac.jp;keio university|keio.ac.jp;waseda university|waseda.jp',
  ),
  AU: s(
    'university of melbourne|unimelb.edu.au;university of sydney|sydney.edu.au;unsw sydney|unsw.edu.au;monash university|monash.edu;university of queensland|uq.edu.au;australian national university|anu.edu.au',
  ),
  BR: s(
    'university of são paulo|usp.br;university of campinas|unicamp.br;federal university of rio de janeiro|ufrj.br;fundação getulio vargas|fgv.br',
  ),
  MX: s(
    'national autonomous university of mexico|unam.mx;tecnológico de monterrey|tec.mx;university of guadalajara|udg.mx',
  ),
  ZA: s(
    'university of cape town|uct.ac.za;university of the witwatersrand|wits.ac.za;stellenbosch university|sun.ac.za;university of pretoria|up.ac.za',
  ),
};

/** [degree, raw abbreviations] per level. */
export const DEGREES = {
  doctorate: [
    ['doctor of philosophy', 'Ph.D.|PhD'],
    ['doctor of medicine', 'M.D.|MD'],
    ['juris doctor', 'J.D.|JD'],
    ['doctor of pharmacy', 'Pharm.D.'],
    ['doctor of education', 'Ed.D.'],
  ],
  masters: [
    ['master of science', 'M.S.|MS|MSc'],
    ['master of business administration', 'MBA|M.B.A.'],
    ['master of arts', 'M.A.|MA'],
    ['master of engineering', 'M.Eng.'],
    ['master of public health', 'MPH'],
    ['master of education', 'M.Ed.'],
    ['master of social work', 'MSW'],
  ],
  bachelors: [
    ['bachelor of science', 'B.S.|BS|BSc'],
    ['bachelor of arts', 'B.A.|BA'],
    ['bachelor of business administration', 'BBA'],
    ['bachelor of engineering', 'B.Eng.|BE'],
    ['bachelor of science in nursing', 'BSN'],
  ],
  associates: [
    ['associate of applied science', 'A.A.S.|AAS'],
    ['associate of arts', 'A.A.'],
    ['associate of science', 'A.S.'],
  ],
  high_school: [['high school diploma', 'High School Diploma|Diploma']],
} as const;
