// The demo images the seed refers to: one SVG per cover (800×500) and one avatar per member.
// Pure functions from a small catalog, so the committed files can be regenerated and drift-checked.
import { createRandom } from './random.js';

/**
 * One cover: its file name (without .svg), the title of the showcase it illustrates, a motif for
 * the topic and a two-colour gradient. The title is not drawn: the card and the page show it
 * next to the image, and a title baked into the art would repeat it (or be cropped by the card).
 */
export type DemoCover = { name: string; title: string; motif: string; colors: [string, string] };

export const DEMO_COVERS: DemoCover[] = [
  { name: 'tide-charts', title: 'Tide Charts', motif: 'waves', colors: ['#0f4c81', '#38b2ac'] },
  { name: 'pixel-garden', title: 'Pixel Garden', motif: 'grid', colors: ['#1b5e20', '#9ccc65'] },
  {
    name: 'night-trains',
    title: 'Night Trains of Europe',
    motif: 'stripes',
    colors: ['#1a1446', '#5c6bc0'],
  },
  {
    name: 'paper-planes',
    title: 'Paper Planes Physics',
    motif: 'triangles',
    colors: ['#e65100', '#ffca28'],
  },
  { name: 'orbit-lab', title: 'Orbit Lab', motif: 'orbit', colors: ['#0d0d2b', '#7e57c2'] },
  {
    name: 'bread-journal',
    title: 'Bread Journal',
    motif: 'circles',
    colors: ['#8d5524', '#f3c77b'],
  },
  {
    name: 'city-grid',
    title: 'City Grid Generator',
    motif: 'blocks',
    colors: ['#263238', '#ff7043'],
  },
  { name: 'synth-pad', title: 'Synth Pad', motif: 'bars', colors: ['#4a148c', '#f06292'] },
  {
    name: 'mountain-log',
    title: 'Mountain Log',
    motif: 'mountains',
    colors: ['#1e3a5f', '#90caf9'],
  },
  {
    name: 'type-specimen',
    title: 'Type Specimen Builder',
    motif: 'letters',
    colors: ['#212121', '#bdbdbd'],
  },
  { name: 'weather-glass', title: 'Weather Glass', motif: 'rings', colors: ['#006064', '#80deea'] },
  { name: 'chess-clock', title: 'Chess Clock', motif: 'checker', colors: ['#3e2723', '#d7ccc8'] },
  { name: 'kite-studio', title: 'Kite Studio', motif: 'triangles', colors: ['#ad1457', '#ffab91'] },
  {
    name: 'tiny-terrarium',
    title: 'Tiny Terrarium',
    motif: 'dots',
    colors: ['#004d40', '#a5d6a7'],
  },
  {
    name: 'color-wheel',
    title: 'Color Wheel Trainer',
    motif: 'rings',
    colors: ['#6a1b9a', '#ffd54f'],
  },
  { name: 'reading-nook', title: 'Reading Nook', motif: 'stripes', colors: ['#5d4037', '#ffcc80'] },
  { name: 'solar-desk', title: 'Solar Desk Lamp', motif: 'sun', colors: ['#f57f17', '#fff59d'] },
  { name: 'coffee-map', title: 'Coffee Map', motif: 'dots', colors: ['#3e2723', '#a1887f'] },
  { name: 'moth-atlas', title: 'Moth Atlas', motif: 'circles', colors: ['#37474f', '#cfd8dc'] },
  { name: 'bike-routes', title: 'Bike Routes', motif: 'waves', colors: ['#01579b', '#4fc3f7'] },
  {
    name: 'ink-sketches',
    title: 'Ink Sketches',
    motif: 'scribble',
    colors: ['#000000', '#546e7a'],
  },
  { name: 'ferment-lab', title: 'Ferment Lab', motif: 'bubbles', colors: ['#827717', '#dce775'] },
  { name: 'haiku-bot', title: 'Haiku Bot', motif: 'blocks', colors: ['#b71c1c', '#ff8a80'] },
  { name: 'star-dial', title: 'Star Dial', motif: 'orbit', colors: ['#0a1931', '#ffc947'] },
  {
    name: 'harbour-sounds',
    title: 'Harbour Sounds',
    motif: 'bars',
    colors: ['#0b3c5d', '#328cc1'],
  },
  {
    name: 'darkroom-timer',
    title: 'Darkroom Timer',
    motif: 'rings',
    colors: ['#3b0a0a', '#c62828'],
  },
  {
    name: 'rainfall-stripes',
    title: 'Rainfall Stripes',
    motif: 'stripes',
    colors: ['#08306b', '#6baed6'],
  },
  {
    name: 'dungeon-tiles',
    title: 'Dungeon Tiles',
    motif: 'checker',
    colors: ['#2d1b3d', '#8e6c88'],
  },
  {
    name: 'sourdough-calculator',
    title: 'Sourdough Calculator',
    motif: 'circles',
    colors: ['#6d4c41', '#ffe0b2'],
  },
  {
    name: 'lighthouse-series',
    title: 'Lighthouse Series',
    motif: 'sun',
    colors: ['#102a43', '#f0b429'],
  },
  {
    name: 'fjord-panorama',
    title: 'Fjord Panorama',
    motif: 'mountains',
    colors: ['#0d3b66', '#a8dadc'],
  },
  { name: 'puzzle-box', title: 'Puzzle Box', motif: 'grid', colors: ['#3d348b', '#f7b801'] },
  {
    name: 'letterpress-cards',
    title: 'Letterpress Cards',
    motif: 'letters',
    colors: ['#7f1d1d', '#fca5a5'],
  },
  { name: 'rover-kit', title: 'Rover Kit', motif: 'blocks', colors: ['#1f2937', '#34d399'] },
];

const WIDTH = 800;
const HEIGHT = 500;

const round = (n: number) => Math.round(n * 10) / 10;

function motifShapes(motif: string, random: () => number): string[] {
  const shapes: string[] = [];
  const white = (opacity: number) => `fill="#ffffff" fill-opacity="${opacity}"`;
  switch (motif) {
    case 'waves':
      for (let i = 0; i < 6; i += 1) {
        const y = 150 + i * 55;
        const amp = 18 + random() * 22;
        const d = `M0 ${y} C 200 ${round(y - amp)}, 300 ${round(y + amp)}, 400 ${y} S 600 ${round(y - amp)}, 800 ${y} V 500 H 0 Z`;
        shapes.push(`<path d="${d}" ${white(0.07 + i * 0.02)}/>`);
      }
      break;
    case 'grid':
      for (let x = 0; x < 16; x += 1) {
        for (let y = 0; y < 10; y += 1) {
          if (random() < 0.35)
            shapes.push(
              `<rect x="${x * 50 + 4}" y="${y * 50 + 4}" width="42" height="42" rx="6" ${white(round(0.05 + random() * 0.2))}/>`,
            );
        }
      }
      break;
    case 'stripes':
      for (let i = 0; i < 14; i += 1) {
        const x = -200 + i * 80;
        shapes.push(
          `<path d="M${x} 500 L${x + 300} 0 L${x + 330} 0 L${x + 30} 500 Z" ${white(round(0.04 + random() * 0.1))}/>`,
        );
      }
      break;
    case 'triangles':
      for (let i = 0; i < 14; i += 1) {
        const x = random() * WIDTH;
        const y = random() * HEIGHT;
        const s = 30 + random() * 90;
        shapes.push(
          `<path d="M${round(x)} ${round(y)} l${round(s)} ${round(s * 0.3)} l${round(-s * 0.7)} ${round(s * 0.6)} Z" ${white(round(0.08 + random() * 0.2))}/>`,
        );
      }
      break;
    case 'orbit':
      for (let i = 1; i <= 5; i += 1) {
        shapes.push(
          `<ellipse cx="560" cy="200" rx="${60 * i}" ry="${26 * i}" fill="none" stroke="#ffffff" stroke-opacity="${round(0.35 - i * 0.05)}" stroke-width="2" transform="rotate(-18 560 200)"/>`,
        );
      }
      shapes.push(`<circle cx="560" cy="200" r="34" ${white(0.8)}/>`);
      for (let i = 0; i < 40; i += 1)
        shapes.push(
          `<circle cx="${round(random() * WIDTH)}" cy="${round(random() * HEIGHT)}" r="${round(0.8 + random() * 1.8)}" ${white(0.7)}/>`,
        );
      break;
    case 'circles':
    case 'bubbles':
      for (let i = 0; i < (motif === 'bubbles' ? 30 : 9); i += 1) {
        const r = motif === 'bubbles' ? 6 + random() * 26 : 40 + random() * 110;
        const fill =
          motif === 'bubbles'
            ? 'fill="none" stroke="#ffffff" stroke-width="3"'
            : white(round(0.05 + random() * 0.12));
        shapes.push(
          `<circle cx="${round(random() * WIDTH)}" cy="${round(random() * HEIGHT)}" r="${round(r)}" ${fill} ${motif === 'bubbles' ? `stroke-opacity="${round(0.2 + random() * 0.4)}"` : ''}/>`,
        );
      }
      break;
    case 'blocks':
      for (let i = 0; i < 22; i += 1) {
        const w = 30 + random() * 70;
        const h = 60 + random() * 260;
        shapes.push(
          `<rect x="${round(i * 38 - 10)}" y="${round(HEIGHT - h)}" width="${round(w)}" height="${round(h)}" ${white(round(0.05 + random() * 0.15))}/>`,
        );
      }
      break;
    case 'bars':
      for (let i = 0; i < 32; i += 1) {
        const h = 40 + random() * 300;
        shapes.push(
          `<rect x="${i * 25 + 3}" y="${round(HEIGHT / 2 - h / 2)}" width="14" height="${round(h)}" rx="7" ${white(round(0.1 + random() * 0.2))}/>`,
        );
      }
      break;
    case 'mountains':
      for (let layer = 0; layer < 3; layer += 1) {
        let d = `M0 500 L0 ${round(260 + layer * 60)}`;
        for (let x = 0; x <= WIDTH; x += 100)
          d += ` L${x} ${round(200 + layer * 70 + random() * 120 - 60)}`;
        d += ' L800 500 Z';
        shapes.push(`<path d="${d}" ${white(round(0.08 + layer * 0.07))}/>`);
      }
      shapes.push(`<circle cx="640" cy="110" r="42" ${white(0.55)}/>`);
      break;
    case 'letters':
      for (let i = 0; i < 12; i += 1) {
        const letter = 'AaGgRrQqSsEe'[i];
        shapes.push(
          `<text x="${round(40 + (i % 6) * 130)}" y="${i < 6 ? 170 : 320}" font-family="Georgia, serif" font-size="${round(90 + random() * 40)}" ${white(round(0.08 + random() * 0.18))}>${letter}</text>`,
        );
      }
      break;
    case 'rings':
      for (let i = 0; i < 8; i += 1) {
        shapes.push(
          `<circle cx="600" cy="250" r="${30 + i * 34}" fill="none" stroke="#ffffff" stroke-opacity="${round(0.32 - i * 0.035)}" stroke-width="${round(4 + random() * 10)}"/>`,
        );
      }
      break;
    case 'checker':
      for (let x = 0; x < 10; x += 1) {
        for (let y = 0; y < 7; y += 1) {
          if ((x + y) % 2 === 0)
            shapes.push(
              `<rect x="${x * 80}" y="${y * 80 - 30}" width="80" height="80" ${white(0.08)}/>`,
            );
        }
      }
      break;
    case 'dots':
      for (let x = 0; x < 20; x += 1) {
        for (let y = 0; y < 12; y += 1) {
          shapes.push(
            `<circle cx="${x * 42 + 12}" cy="${y * 42 + 12}" r="${round(2 + random() * 9)}" ${white(round(0.06 + random() * 0.22))}/>`,
          );
        }
      }
      break;
    case 'sun':
      for (let i = 0; i < 24; i += 1) {
        const angle = (i / 24) * Math.PI * 2;
        shapes.push(
          `<line x1="600" y1="220" x2="${round(600 + Math.cos(angle) * 260)}" y2="${round(220 + Math.sin(angle) * 260)}" stroke="#ffffff" stroke-opacity="0.25" stroke-width="${round(3 + random() * 8)}"/>`,
        );
      }
      shapes.push(`<circle cx="600" cy="220" r="90" ${white(0.55)}/>`);
      break;
    case 'scribble': {
      let d = `M${round(random() * WIDTH)} ${round(random() * HEIGHT)}`;
      for (let i = 0; i < 18; i += 1)
        d += ` Q${round(random() * WIDTH)} ${round(random() * HEIGHT)} ${round(random() * WIDTH)} ${round(random() * HEIGHT)}`;
      shapes.push(
        `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="3" stroke-linecap="round"/>`,
      );
      break;
    }
    default:
      throw new Error(`Unknown motif ${motif}`);
  }
  return shapes;
}

/** The SVG text of one cover: abstract art, no text. */
export function renderCover({ name, motif, colors }: DemoCover): string {
  const random = createRandom(name);
  const id = `g-${name}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `  <defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>`,
    `  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id})"/>`,
    ...motifShapes(motif, random).map((shape) => `  ${shape.replace(/ \/>$/, '/>')}`),
    '</svg>',
    '',
  ].join('\n');
}

/** The SVG text of one member avatar: initials on a coloured disc. */
export function renderAvatar({
  initials,
  colors,
}: {
  initials: string;
  colors: readonly [string, string];
}): string {
  const id = `a-${initials.toLowerCase()}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${initials}">`,
    `  <defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>`,
    `  <circle cx="64" cy="64" r="64" fill="url(#${id})"/>`,
    `  <text x="64" y="80" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="46" font-weight="600" fill="#ffffff">${initials}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
