// The demo data `npm start` seeds: members (Auth accounts + public profiles) and their showcases,
// built and checked by @showcase/schema. Pure and deterministic for a given `now`, so it is testable.
import { assertShowcaseDocument, buildShowcase } from '@showcase/schema';
import type { DemoPhotoTarget, DemoUpload } from './demo-uploads.js';
import { DEMO_BUCKET, demoShowcaseImages, readDemoPhotoManifest } from './demo-uploads.js';
import { createRandom } from './random.js';

export const DEMO_PASSWORD = 'showcase-demo';

/** Fixed uids keep the seed idempotent and the links stable. */
export type DemoMember = {
  uid: string;
  displayName: string;
  email: string;
  initials: string;
  colors: [string, string];
};

export const DEMO_MEMBERS: DemoMember[] = [
  {
    uid: 'demo-maya',
    displayName: 'Maya Chen',
    email: 'maya@example.com',
    initials: 'MC',
    colors: ['#0f4c81', '#38b2ac'],
  },
  {
    uid: 'demo-jonas',
    displayName: 'Jonas Berg',
    email: 'jonas@example.com',
    initials: 'JB',
    colors: ['#1a1446', '#7e57c2'],
  },
  {
    uid: 'demo-priya',
    displayName: 'Priya Raman',
    email: 'priya@example.com',
    initials: 'PR',
    colors: ['#ad1457', '#ff8a65'],
  },
  {
    uid: 'demo-leo',
    displayName: 'Leo Martins',
    email: 'leo@example.com',
    initials: 'LM',
    colors: ['#1b5e20', '#9ccc65'],
  },
  {
    uid: 'demo-sofia',
    displayName: 'Sofia Rossi',
    email: 'sofia@example.com',
    initials: 'SR',
    colors: ['#e65100', '#ffca28'],
  },
  {
    uid: 'demo-kwame',
    displayName: 'Kwame Mensah',
    email: 'kwame@example.com',
    initials: 'KM',
    colors: ['#263238', '#ff7043'],
  },
];

/**
 * The showcases: [owner uid suffix, title, cover image (or null), tags, description, draft?].
 * Links point at example.com paths: there is no internet here, and they are only rendered.
 */
type CatalogEntry = [
  owner: string,
  title: string,
  image: string | null,
  tags: string[],
  description: string,
  draft?: boolean,
];

const CATALOG: CatalogEntry[] = [
  [
    'maya',
    'Tide Charts',
    'tide-charts',
    ['data-viz', 'maps'],
    'Interactive tide tables for twelve harbours, drawn as smooth curves you can scrub through by hour.',
  ],
  [
    'jonas',
    'Night Trains of Europe',
    'night-trains',
    ['photography', 'travel'],
    'A photo series shot from sleeper compartments between Vienna, Zagreb and Stockholm over one winter.',
  ],
  [
    'priya',
    'Pixel Garden',
    'pixel-garden',
    ['game', 'pixel-art'],
    'A tiny idle game where a 16×16 garden grows while you work. Plant, wait, harvest, repeat.',
  ],
  [
    'leo',
    'Paper Planes Physics',
    'paper-planes',
    ['simulation', 'education'],
    'Fold a plane on screen and watch lift and drag play out in a side-on wind tunnel.',
  ],
  [
    'sofia',
    'Orbit Lab',
    'orbit-lab',
    ['space', 'simulation', 'education'],
    'Drag planets around a star and see their orbits update live. Built for a school science week.',
  ],
  [
    'kwame',
    'Bread Journal',
    'bread-journal',
    ['cooking', 'app'],
    'Log every loaf: hydration, proof times, oven temperature and a photo of the crumb.',
  ],
  [
    'maya',
    'City Grid Generator',
    'city-grid',
    ['generative', 'maps'],
    'Procedural street grids with parks and rivers, exported as SVG for posters.',
  ],
  [
    'jonas',
    'Synth Pad',
    'synth-pad',
    ['music', 'web-audio'],
    'A four-voice polyphonic synth in the browser with a touch-friendly pad and saved presets.',
  ],
  [
    'priya',
    'Mountain Log',
    'mountain-log',
    ['hiking', 'data-viz'],
    'Elevation profiles and notes from thirty summits, with a map of every route.',
  ],
  [
    'leo',
    'Type Specimen Builder',
    'type-specimen',
    ['typography', 'design'],
    'Paste a font and get a printable specimen sheet with weights, glyphs and sample paragraphs.',
  ],
  [
    'sofia',
    'Weather Glass',
    'weather-glass',
    ['hardware', 'weather'],
    'A barometer made from a jam jar and a pressure sensor, with a little e-ink display.',
  ],
  [
    'kwame',
    'Chess Clock',
    'chess-clock',
    ['app', 'games'],
    'A chess clock with Fischer and Bronstein increments, big tap targets and no ads.',
  ],
  [
    'maya',
    'Kite Studio',
    'kite-studio',
    ['design', 'crafts'],
    'Design a kite, print the panels at real size and follow the sewing guide.',
  ],
  [
    'jonas',
    'Tiny Terrarium',
    'tiny-terrarium',
    ['photography', 'plants'],
    'Macro photographs of a sealed jar terrarium, one frame a week for a year.',
  ],
  [
    'priya',
    'Color Wheel Trainer',
    'color-wheel',
    ['design', 'education'],
    'A daily five-minute exercise for matching hues by eye, with a streak counter.',
  ],
  [
    'leo',
    'Reading Nook',
    'reading-nook',
    ['books', 'app'],
    'Track what you read, quote what you loved, and share a shelf with friends.',
  ],
  [
    'sofia',
    'Solar Desk Lamp',
    'solar-desk',
    ['hardware', 'energy'],
    'A desk lamp that charges on the window sill by day; schematics and 3D-printable parts included.',
  ],
  [
    'kwame',
    'Coffee Map',
    'coffee-map',
    ['maps', 'food'],
    'Every independent café in my city on one map, with opening hours and espresso notes.',
  ],
  [
    'maya',
    'Moth Atlas',
    'moth-atlas',
    ['nature', 'photography'],
    'A field guide to the moths that visit a balcony light trap, sorted by season.',
  ],
  [
    'jonas',
    'Bike Routes',
    'bike-routes',
    ['cycling', 'maps'],
    'Quiet cycling routes between train stations, each tested twice and rated for traffic.',
  ],
  [
    'priya',
    'Ink Sketches',
    'ink-sketches',
    ['illustration'],
    'One fountain-pen sketch a day for a hundred days, scanned and tagged by subject.',
  ],
  [
    'leo',
    'Ferment Lab',
    'ferment-lab',
    ['cooking', 'science'],
    'Kimchi, kefir and kombucha experiments with pH readings and a temperature log.',
  ],
  [
    'sofia',
    'Haiku Bot',
    'haiku-bot',
    ['poetry', 'generative'],
    'A small program that finds accidental haiku in public-domain novels.',
  ],
  [
    'kwame',
    'Star Dial',
    'star-dial',
    ['space', 'hardware'],
    'A brass planisphere with a laser-cut overlay for the night sky over Accra.',
  ],
  [
    'maya',
    'Harbour Sounds',
    'harbour-sounds',
    ['music', 'field-recording'],
    'Field recordings from a fishing harbour, mixed into a thirty-minute ambient piece.',
  ],
  [
    'jonas',
    'Darkroom Timer',
    'darkroom-timer',
    ['photography', 'app'],
    'A red-screen timer for film development with presets for common developers.',
  ],
  [
    'priya',
    'Rainfall Stripes',
    'rainfall-stripes',
    ['data-viz', 'weather'],
    'A century of rainfall for my town as one strip of coloured bars.',
  ],
  [
    'leo',
    'Dungeon Tiles',
    'dungeon-tiles',
    ['game', 'pixel-art'],
    'A free tileset of 256 dungeon tiles with walls, doors and animated torches.',
  ],
  [
    'sofia',
    'Sketchbook Scanner',
    null,
    ['app', 'illustration'],
    'Turns phone photos of sketchbook pages into clean, cropped, evenly lit scans.',
  ],
  [
    'kwame',
    'Workbench Planner',
    null,
    ['woodworking', 'crafts'],
    'Plans, cut list and assembly photos for a sturdy bench built with hand tools only.',
  ],
  [
    'maya',
    'Sourdough Calculator',
    'sourdough-calculator',
    ['cooking', 'app'],
    'Scale any recipe by flour weight and get the levain schedule for your kitchen temperature.',
  ],
  [
    'jonas',
    'Lighthouse Series',
    'lighthouse-series',
    ['photography', 'travel'],
    'Twenty-two lighthouses along the west coast, photographed at blue hour.',
  ],
  // Drafts: visible only to their owners.
  [
    'priya',
    'Fjord Panorama',
    'fjord-panorama',
    ['photography'],
    'Stitching a 40-frame panorama; colour grading still in progress.',
    true,
  ],
  [
    'leo',
    'Puzzle Box',
    'puzzle-box',
    ['game'],
    'A sliding-block puzzle generator. Levels 30 to 50 are not solvable yet.',
    true,
  ],
  [
    'sofia',
    'Letterpress Cards',
    'letterpress-cards',
    ['typography', 'crafts'],
    'Greeting cards set in wood type; waiting for the proofs.',
    true,
  ],
  [
    'kwame',
    'Rover Kit',
    'rover-kit',
    ['hardware', 'education'],
    'A classroom rover kit; the motor driver board needs another revision.',
    true,
  ],
];

const DAY_MS = 24 * 60 * 60 * 1000;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Builds every document and account the seed writes. `appOrigin` is like http://127.0.0.1:5173
 * (the app serves the avatars). With `photos`, a showcase with a cover gets 2–4 uploaded
 * pictures (`images`, and the `uploads` to put into Storage); without, its cover is the legacy
 * `imageUrl` the app serves, as showcases stored before uploads have.
 */
export function buildDemoData({
  appOrigin,
  now,
  photos,
}: {
  appOrigin: string;
  now: Date;
  photos?: DemoPhotoTarget;
}) {
  const photoTarget =
    photos === undefined
      ? undefined
      : {
          storageHost: photos.storageHost,
          bucket: photos.bucket ?? DEMO_BUCKET,
          manifest: photos.manifest ?? readDemoPhotoManifest(),
        };
  const random = createRandom('showcase-demo-data');
  const nowMs = now.getTime();
  const origin = appOrigin.replace(/\/$/, '');
  // Members joined between 60 and 45 days ago; showcases spread over the last 42 days.
  const members = DEMO_MEMBERS.map((member, index) => ({
    ...member,
    password: DEMO_PASSWORD,
    photoURL: `${origin}/demo/avatars/${member.uid.replace(/^demo-/, '')}.svg`,
    createdAt: new Date(nowMs - (60 - index * 3) * DAY_MS),
  }));
  const byName = new Map(members.map((m) => [m.uid.replace(/^demo-/, ''), m]));

  const showcases = CATALOG.map(([owner, title, image, tags, description, draft], index) => {
    const member = byName.get(owner);
    if (!member) throw new Error(`Unknown demo owner ${owner}`);
    // Older entries first in the catalog; jitter keeps the spacing natural.
    const ageDays = 42 - (index / CATALOG.length) * 41 - random() * 0.8;
    const createdAt = new Date(nowMs - ageDays * DAY_MS);
    const edited = random() < 0.4;
    const updatedAt = edited
      ? new Date(createdAt.getTime() + random() * Math.min(ageDays, 5) * DAY_MS)
      : createdAt;
    const status = draft ? 'draft' : 'published';
    const others = members.filter((m) => m.uid !== member.uid);
    const likers = status === 'published' ? others.filter(() => random() < 0.45) : [];
    const likes = likers.map((liker) => ({
      uid: liker.uid,
      createdAt: new Date(createdAt.getTime() + random() * (nowMs - createdAt.getTime())),
    }));
    const id = `demo-${String(index + 1).padStart(2, '0')}-${slug(title)}`;
    const uploaded =
      image && photoTarget ? demoShowcaseImages(photoTarget, member.uid, id, image) : undefined;
    const showcase = buildShowcase({
      title,
      description,
      url: `https://example.com/${member.uid.replace(/^demo-/, '')}/${slug(title)}`,
      imageUrl: image && !uploaded ? `${origin}/demo/${image}.svg` : undefined,
      images: uploaded?.images,
      tags,
      status,
      ownerUid: member.uid,
      ownerName: member.displayName,
      createdAt,
      updatedAt,
      likeCount: likes.length,
    });
    const uploads: DemoUpload[] = uploaded?.uploads ?? [];
    return { id, ...assertShowcaseDocument(showcase, `demo showcase ${id}`, id), likes, uploads };
  });
  return { members, showcases };
}
