/**
 * The words of the demo community (`quorum demo`): a home-coffee Q&A site whose questions, answers, comments,
 * tags and people are composed from the templates below with a seeded random generator, so that the same seed
 * gives the same site. Post bodies are HTML, as in a Stack Exchange data dump (the importer derives markdown).
 */

/** A seeded pseudo-random source (mulberry32): `next()` in [0, 1). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const METHODS = ['espresso', 'pour-over', 'French press', 'AeroPress', 'moka pot', 'cold brew', 'Chemex', 'siphon'] as const;
const METHOD_TAG: Record<(typeof METHODS)[number], string> = {
  espresso: 'espresso', 'pour-over': 'pour-over', 'French press': 'french-press', AeroPress: 'aeropress', 'moka pot': 'moka-pot', 'cold brew': 'cold-brew', Chemex: 'pour-over', siphon: 'siphon',
};
const EQUIPMENT = ['burr grinder', 'blade grinder', 'gooseneck kettle', 'kitchen scale', 'tamper', 'milk frother', 'hand grinder', 'thermometer'] as const;
const BEANS = ['Ethiopian Yirgacheffe', 'Colombian Supremo', 'Sumatra Mandheling', 'Kenyan AA', 'Brazilian Santos', 'Guatemalan Antigua', 'Costa Rican Tarrazú', 'Rwandan bourbon'] as const;
const ROASTS = ['light', 'medium', 'dark'] as const;
const FLAWS = ['sour', 'bitter', 'watery', 'muddy', 'astringent', 'flat'] as const;
const VARIABLES = ['grind size', 'water temperature', 'brew ratio', 'bloom time', 'brew time', 'water hardness'] as const;

/** Tags of the demo with their excerpt (the tag's short description). */
export const TAGS: ReadonlyArray<readonly [string, string]> = [
  ['espresso', 'Coffee brewed by forcing hot water through finely ground, tamped coffee under pressure.'],
  ['pour-over', 'Brewing by pouring water over grounds in a filter cone: V60, Kalita, Chemex and the like.'],
  ['french-press', 'Immersion brewing in a cafetière with a metal mesh plunger.'],
  ['aeropress', 'The AeroPress: immersion, then pressure through a paper or metal filter.'],
  ['moka-pot', 'Stovetop brewers that push steam-pressured water up through the grounds.'],
  ['cold-brew', 'Coffee steeped in cold or room-temperature water for many hours.'],
  ['siphon', 'Vacuum brewers that move water between two chambers with vapour pressure.'],
  ['grinding', 'Grinders, grind size and consistency.'],
  ['beans', 'Origins, varieties and buying whole-bean coffee.'],
  ['roasting', 'Roast levels and roasting coffee at home.'],
  ['storage', 'Keeping beans and ground coffee fresh.'],
  ['water', 'Water temperature, hardness and filtration for brewing.'],
  ['equipment', 'Kettles, scales, brewers and their care.'],
  ['milk', 'Steaming, frothing and milk drinks.'],
  ['taste', 'Diagnosing flavour: sour, bitter, weak or harsh cups.'],
  ['caffeine', 'How much caffeine a cup holds and what changes it.'],
];

/** A question as the generator makes it. */
export interface DemoQuestion {
  title: string;
  /** HTML. */
  body: string;
  tags: string[];
}

const p = (s: string) => `<p>${s}</p>`;

/** Composes one question. */
export function question(r: Random): DemoQuestion {
  const method = r.pick(METHODS);
  const flaw = r.pick(FLAWS);
  const variable = r.pick(VARIABLES);
  const bean = r.pick(BEANS);
  const roast = r.pick(ROASTS);
  const gear = r.pick(EQUIPMENT);
  const months = r.int(2, 30);
  const grams = r.int(14, 22);
  const water = grams * r.int(14, 17);
  const temp = r.int(88, 96);
  const intro = p(`I have been making ${method} at home for about ${months} months, mostly with ${roast} roast ${bean} from a local roaster.`);
  const recipe = `<ul>\n<li>${grams} g of coffee, ${water} g of water</li>\n<li>water at ${temp} °C</li>\n<li>${r.pick(['a burr grinder', 'a hand grinder', 'pre-ground coffee'])}, ${r.pick(['medium', 'medium-fine', 'fine', 'coarse'])} setting</li>\n</ul>`;
  const kinds: Array<() => DemoQuestion> = [
    () => ({
      title: `Why does my ${method} taste ${flaw} even with fresh beans?`,
      body: `${intro}\n${p(`Lately every cup tastes ${flaw}. My recipe:`)}\n${recipe}\n${p(`I changed the ${variable} twice already and it did not help much. What should I look at next?`)}`,
      tags: [METHOD_TAG[method], 'taste'],
    }),
    () => ({
      title: `What grind size works best for ${method}?`,
      body: `${intro}\n${p(`Guides disagree on the grind: some say like table salt, others like coarse sand. How do I find the right setting on my grinder, and what should I taste for?`)}`,
      tags: [METHOD_TAG[method], 'grinding'],
    }),
    () => ({
      title: `Is a ${gear} worth buying for ${method}?`,
      body: `${intro}\n${p(`I keep reading that a ${gear} makes a big difference. Is it worth it at this point, or are there cheaper changes that matter more?`)}`,
      tags: [METHOD_TAG[method], 'equipment'],
    }),
    () => ({
      title: `How long do ${roast} roast beans stay fresh after opening the bag?`,
      body: `${p(`I buy 250 g bags of ${bean} and it takes me about ${r.int(2, 5)} weeks to finish one.`)}\n${p(`The last cups always taste ${flaw}. Should I buy smaller bags, freeze part of it, or is that just how it goes?`)}`,
      tags: ['storage', 'beans'],
    }),
    () => ({
      title: `How much does ${variable} matter for ${method}?`,
      body: `${intro}\n${recipe}\n${p(`If I only have time to get one thing right, is it the ${variable}? How much does a small change move the taste?`)}`,
      tags: [METHOD_TAG[method], variable.includes('water') ? 'water' : 'taste'],
    }),
    () => ({
      title: `Does ${roast} roast coffee have more caffeine than ${roast === 'dark' ? 'light' : 'dark'} roast?`,
      body: `${p(`A friend says ${roast} roast is "stronger". Is there more caffeine in it, per bean or per scoop, or is that about the taste only?`)}`,
      tags: ['caffeine', 'roasting'],
    }),
    () => ({
      title: `How do I clean a ${gear} without damaging it?`,
      body: `${p(`My ${gear} has a brown film that does not come off with water. What is safe to use on it, and how often should I clean it?`)}`,
      tags: ['equipment'],
    }),
    () => ({
      title: `Can I steam milk for a flat white without an espresso machine?`,
      body: `${p(`I make strong coffee with a ${method === 'espresso' ? 'moka pot' : method} and would like a flat white now and then. Is there a way to get silky milk with a ${r.pick(['milk frother', 'French press', 'jar and a microwave'])}?`)}`,
      tags: ['milk'],
    }),
    () => ({
      title: `Should I use filtered water for ${method}?`,
      body: `${p(`Our tap water is quite hard (the kettle scales up in a week). The ${method} tastes ${flaw} and I wonder whether the water is to blame.`)}\n${p('Is bottled or filtered water worth it, and which kind?')}`,
      tags: [METHOD_TAG[method], 'water'],
    }),
    () => ({
      title: `${bean} tastes ${flaw} as ${method}: is it the roast or my recipe?`,
      body: `${p(`I bought ${roast} roast ${bean} and it tastes ${flaw} every time I brew it as ${method}.`)}\n${recipe}\n${p('Other beans taste fine with the same recipe. Is this just the coffee, or should I brew it differently?')}`,
      tags: [METHOD_TAG[method], 'beans', 'taste'],
    }),
    () => ({
      title: `What ${variable} should I start from for ${roast} roast ${method}?`,
      body: `${intro}\n${p(`Recipes online give very different numbers for the ${variable}. Where should I start for a ${roast} roast, and which way do I move it if the cup is ${flaw}?`)}`,
      tags: [METHOD_TAG[method], variable === 'grind size' ? 'grinding' : variable.includes('water') ? 'water' : 'taste'],
    }),
    () => ({
      title: `Can I roast ${bean} at home in a ${r.pick(['popcorn popper', 'frying pan', 'oven', 'heat gun and bowl'])}?`,
      body: `${p(`Green ${bean} costs half the price of roasted. I would like to try roasting small batches at home.`)}\n${p('How do I tell when it is done, and how long should it rest before brewing?')}`,
      tags: ['roasting', 'beans'],
    }),
  ];
  const q = r.pick(kinds)();
  return { ...q, tags: [...new Set(q.tags)] };
}

/** Composes an answer to a question with the given tags. */
export function answer(r: Random, tags: string[]): string {
  const variable = r.pick(VARIABLES);
  const parts: string[] = [];
  const openers = [
    'The usual suspect is extraction.',
    'I had the same problem for months.',
    'Short version: change one thing at a time and write it down.',
    'It depends a lot on the beans, but there is a good starting point.',
    'Before buying anything, check your recipe with a scale.',
  ];
  parts.push(p(r.pick(openers)));
  if (tags.includes('taste') || r.chance(0.4)) {
    parts.push(p(`A sour cup is usually under-extracted: grind finer, brew a little longer or use hotter water. A bitter or harsh cup is the opposite: grind coarser or shorten the brew. Adjust the ${variable} in small steps and taste after each change.`));
  }
  if (tags.includes('storage')) parts.push(p('Keep the beans whole in an airtight container away from light and heat. Freezing works well if you portion them first and never put them back once they have thawed.'));
  if (tags.includes('water')) parts.push(p('Very hard water mutes the flavour and scales your kettle; very soft water tastes thin. A simple jug filter gets most tap water close to what coffee likes.'));
  if (tags.includes('equipment')) parts.push(p('For most brewers a consistent burr grinder matters more than anything else on the counter. A scale comes second: it makes every other change repeatable.'));
  if (tags.includes('caffeine')) parts.push(p('Roasting burns off very little caffeine. By weight the roasts are nearly the same; by scoop a light roast has slightly more because its beans are denser.'));
  if (tags.includes('milk')) parts.push(p('Heat the milk to about 60 °C first, then froth it: a French press plunged quickly twenty times gives surprisingly fine foam. Tap the jug to burst the big bubbles and swirl before pouring.'));
  if (r.chance(0.5)) {
    parts.push(`<ol>\n<li>Weigh the coffee and the water.</li>\n<li>Set the ${variable} as the recipe says and keep everything else the same.</li>\n<li>Taste, then change one thing by a small step.</li>\n</ol>`);
  }
  if (r.chance(0.3)) parts.push(p(`What made the biggest difference for me was ${r.pick(['fresher beans', 'a better grinder', 'weighing everything', 'filtered water', 'preheating the brewer'])}.`));
  return parts.join('\n');
}

const COMMENTS = [
  'Thanks, grinding finer fixed it!',
  'What water are you using?',
  'How old are the beans?',
  '+1 for the scale, that changed everything for me.',
  'Do you preheat the brewer?',
  'I tried this this morning and it is much better.',
  'Which grinder do you have?',
  'Could you add your recipe to the question?',
  'Same experience here with hard water.',
  'Great answer, the step list helps.',
];

/** One comment. */
export function comment(r: Random): string {
  return r.pick(COMMENTS);
}

const FIRST = ['Ana', 'Ben', 'Chloé', 'Dario', 'Eva', 'Farid', 'Greta', 'Hiro', 'Inès', 'Jonas', 'Kofi', 'Lena', 'Marco', 'Nadia', 'Oskar', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Viktor', 'Wen', 'Yusuf', 'Zoë'];
const LAST = ['Almeida', 'Brandt', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Haddad', 'Ito', 'Jensen', 'Kowalski', 'Larsen', 'Moreau', 'Novak', 'Okafor', 'Petrov', 'Rossi', 'Silva', 'Tanaka', 'Weber'];
const PLACES = ['Lisbon', 'Berlin', 'Nairobi', 'Melbourne', 'Toronto', 'Oslo', 'Bogotá', 'Kyoto', 'Lyon', 'Seattle', ''];

/** A person: display name and location ('' for none). */
export function person(r: Random, i: number): { name: string; location: string } {
  return { name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length + i) % LAST.length]}`, location: r.pick(PLACES) };
}
