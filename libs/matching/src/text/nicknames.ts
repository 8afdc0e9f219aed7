/**
 * Given names and the short forms people go by, written for this project from common English
 * (and a few Spanish, German, Italian and Slavic) usage. Each line is one group: the formal
 * name first, then its short forms. A short form may belong to several groups ("bert" is
 * albert, herbert and robert), so two names are nicknames of each other when they share any
 * group. Names are folded keys (lowercase, no accents), as the matcher compares them.
 */
const GROUPS = `
abigail abby abbie gail
abraham abe bram
alexander alex alec sasha sandy xander
alexandra alex alexa sasha sandra sandy lexi
albert al bert bertie
alfred al alf alfie fred freddie
allison allie ali
andrew andy drew
angela angie
anthony tony
arthur art artie
barbara barb barbie babs
benjamin ben benny benji
bernard bernie
beverly bev
bradley brad
brian bri
calvin cal
catherine cathy kate katie cat kathy
christina chris tina christy
christine chris tina christy
christopher chris kit topher
clifford cliff
daniel dan danny
david dave davy
deborah deb debbie debby
dennis denny
donald don donnie
dorothy dot dottie dolly
douglas doug
edward ed eddie ted teddy ned
eleanor ellie nell nora
elizabeth liz beth betty betsy lisa libby eliza lizzie
emily em emmy
eugene gene
frances fran frannie
francis frank fran
frederick fred freddie rick
gabriel gabe
gabriella gabby ella
gerald jerry gerry
geoffrey geoff jeff
gregory greg
harold hal harry
harry hal hank
henry hank harry hal
herbert herb bert
isabella bella izzy isabel
jacob jake
james jim jimmy jamie
janet jan
jeffrey jeff
jennifer jen jenny jenn
jessica jess jessie
jonathan jon jonny nathan
john jack johnny jon
joseph joe joey jose
joshua josh
judith judy
katherine kate katie kathy kat kay
kathleen kathy kate katie
kenneth ken kenny
kimberly kim kimmy
lawrence larry
leonard leo len lenny
louis lou lewis
margaret maggie meg peggy marge margie greta
matthew matt matty
melissa mel missy
michael mike mikey mick mickey
michelle shelly mich
nathaniel nate nathan nat
nicholas nick nicky nico
pamela pam
patricia pat patty trish tricia
patrick pat paddy
peter pete
philip phil pip
phillip phil
rebecca becky becca
richard rick ricky rich dick
robert bob bobby rob robbie bert
ronald ron ronnie
russell russ
samantha sam sammy
samuel sam sammy
sandra sandy
stephanie steph stephie
stephen steve stevie
steven steve stevie
susan sue susie suzy
suzanne sue susie suzy
theodore ted teddy theo
thomas tom tommy
timothy tim timmy
valerie val
victoria vicky tori
vincent vince vinny
walter walt wally
william bill billy will willie liam
zachary zach zack
alejandro alex ale
antonio toni tono
eduardo lalo eddie
enrique kike quique
fernando nando fer
francisco paco pancho frank cisco
guillermo memo willy
ignacio nacho
jesus chuy
jose pepe chepe
manuel manolo manny
rafael rafa
roberto beto rober
maria mari
guadalupe lupe
johannes hans johann
friedrich fritz fred
wolfgang wolf
giuseppe beppe pino joe
giovanni gianni john
aleksandr sasha sanya
ekaterina katya
dmitri dima
`;

const BY_NAME = new Map<string, Set<number>>();
GROUPS.trim()
  .split('\n')
  .forEach((line, group) => {
    for (const name of line.trim().split(/\s+/)) {
      let groups = BY_NAME.get(name);
      if (!groups) BY_NAME.set(name, (groups = new Set()));
      groups.add(group);
    }
  });

/** Number of groups, for the documentation and tests. */
export const NICKNAME_GROUP_COUNT = GROUPS.trim().split('\n').length;

/** True when one name is a short form of the other or both are short forms of one name. */
export function areNicknames(a: string, b: string): boolean {
  if (a === b) return false;
  const ga = BY_NAME.get(a);
  const gb = BY_NAME.get(b);
  if (!ga || !gb) return false;
  for (const g of ga) if (gb.has(g)) return true;
  return false;
}

/** Every name that shares a group with `name` (not `name` itself); empty for unknown names. */
const VARIANTS = new Map<string, readonly string[]>();

export function nicknameVariants(name: string): readonly string[] {
  const cached = VARIANTS.get(name);
  if (cached) return cached;
  const groups = BY_NAME.get(name);
  if (!groups) return [];
  const out = new Set<string>();
  for (const [other, gs] of BY_NAME) {
    if (other === name) continue;
    for (const g of gs) {
      if (groups.has(g)) {
        out.add(other);
        break;
      }
    }
  }
  const variants = [...out].sort();
  VARIANTS.set(name, variants);
  return variants;
}
