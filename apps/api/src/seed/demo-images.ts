/**
 * Demo pictures drawn as SVG and rendered to WebP with sharp, so a fresh install has a
 * good-looking catalogue without any network access or bundled image files. Shapes only:
 * SVG text would depend on fonts that a server may not have.
 */
import sharp from 'sharp';
import type { ImageStorage } from '#api/lib/image-storage.ts';
import { storeWithVariants } from '#api/lib/image-variants.ts';

/** A simple object drawn on a 600 x 600 canvas, centred around (300, 300). */
export type ShapeName =
  | 'tshirt'
  | 'dress'
  | 'beanie'
  | 'lamp'
  | 'sofa'
  | 'vase'
  | 'mug'
  | 'phone'
  | 'headphones'
  | 'speaker'
  | 'laptop'
  | 'book'
  | 'bookstack'
  | 'ball'
  | 'dumbbell'
  | 'bottle'
  | 'blocks'
  | 'bear'
  | 'rocket'
  | 'plant'
  | 'wateringcan'
  | 'flower';

export type BannerStyle = 'waves' | 'mountains';

/** One picture to store as `fileName`, served as `/uploads/${fileName}`. */
export type DemoImage =
  | { kind: 'product'; fileName: string; shape: ShapeName; color: string }
  | { kind: 'logo'; fileName: string; shape: ShapeName; color: string }
  | { kind: 'banner'; fileName: string; style: BannerStyle; color: string };

const PRODUCT_SIZE = 600;
const LOGO_SIZE = 256;
const BANNER_WIDTH = 1600;
const BANNER_HEIGHT = 400;
const WEBP_QUALITY = 80;

/** The three tones every shape is painted with. */
interface Palette {
  main: string;
  dark: string;
  light: string;
}

// ---------------------------------------------------------------------------------------
// Colour helpers

function parseHex(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  return [
    Number.parseInt(match[1] ?? '0', 16),
    Number.parseInt(match[2] ?? '0', 16),
    Number.parseInt(match[3] ?? '0', 16),
  ];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** `from` moved towards `to` by `amount` (0 keeps `from`, 1 gives `to`). */
function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount]);
}

/** The same colour with its channels rotated: a related but clearly different tone. */
function companion(hex: string): string {
  const [r, g, b] = parseHex(hex);
  return mix(toHex([g, b, r]), '#ffffff', 0.15);
}

function paletteOf(color: string): Palette {
  return { main: color, dark: mix(color, '#000000', 0.35), light: mix(color, '#ffffff', 0.55) };
}

/** A small stable number from a string, to vary decorations between pictures. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------
// Shapes. Each returns SVG elements in 600 x 600 coordinates.

const SHAPES: Record<ShapeName, (c: Palette) => string> = {
  tshirt: (c) => `
    <path d="M228 150 L262 136 Q300 176 338 136 L372 150 L452 216 L412 274 L380 252 L380 454 Q300 468 220 454 L220 252 L188 274 L148 216 Z"
      fill="${c.main}" stroke="${c.dark}" stroke-width="6" stroke-linejoin="round"/>
    <path d="M262 136 Q300 184 338 136" fill="none" stroke="${c.dark}" stroke-width="12" stroke-linecap="round"/>
    <rect x="223" y="330" width="154" height="20" fill="${c.light}" opacity="0.8"/>
    <rect x="223" y="362" width="154" height="10" fill="${c.light}" opacity="0.6"/>`,

  dress: (c) => `
    <path d="M262 124 L276 124 L282 176 L318 176 L324 124 L338 124 L348 200 Q332 226 338 248 L428 452 Q300 480 172 452 L262 248 Q268 226 252 200 Z"
      fill="${c.main}" stroke="${c.dark}" stroke-width="6" stroke-linejoin="round"/>
    <rect x="258" y="236" width="84" height="20" rx="6" fill="${c.dark}"/>
    <circle cx="250" cy="370" r="12" fill="${c.light}"/><circle cx="300" cy="330" r="12" fill="${c.light}"/>
    <circle cx="350" cy="370" r="12" fill="${c.light}"/><circle cx="300" cy="420" r="12" fill="${c.light}"/>
    <circle cx="220" cy="430" r="12" fill="${c.light}"/><circle cx="380" cy="430" r="12" fill="${c.light}"/>`,

  beanie: (c) => `
    <path d="M168 372 Q168 196 300 196 Q432 196 432 372 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    ${[210, 240, 270, 300, 330, 360, 390]
      .map((x) => `<line x1="${x}" y1="236" x2="${x}" y2="364" stroke="${c.dark}" stroke-width="6" opacity="0.25"/>`)
      .join('')}
    <rect x="152" y="344" width="296" height="84" rx="22" fill="${c.dark}"/>
    ${[180, 220, 260, 300, 340, 380, 420]
      .map((x) => `<line x1="${x}" y1="356" x2="${x}" y2="416" stroke="${c.main}" stroke-width="8" opacity="0.5"/>`)
      .join('')}
    <circle cx="300" cy="176" r="44" fill="${c.light}" stroke="${c.dark}" stroke-width="5"/>`,

  lamp: (c) => `
    <ellipse cx="300" cy="300" rx="120" ry="26" fill="#fff6c8" opacity="0.7"/>
    <rect x="291" y="290" width="18" height="150" fill="#8a6a4a"/>
    <ellipse cx="300" cy="446" rx="92" ry="22" fill="${c.dark}"/>
    <path d="M222 136 L378 136 L432 296 L168 296 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="6" stroke-linejoin="round"/>
    <path d="M236 170 L364 170" stroke="${c.light}" stroke-width="8" opacity="0.7"/>`,

  sofa: (c) => `
    <rect x="140" y="196" width="320" height="150" rx="42" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <rect x="168" y="318" width="132" height="70" rx="20" fill="${c.light}" stroke="${c.dark}" stroke-width="5"/>
    <rect x="300" y="318" width="132" height="70" rx="20" fill="${c.light}" stroke="${c.dark}" stroke-width="5"/>
    <rect x="104" y="262" width="78" height="166" rx="32" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <rect x="418" y="262" width="78" height="166" rx="32" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <rect x="150" y="376" width="300" height="52" rx="14" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <rect x="140" y="428" width="20" height="34" rx="6" fill="${c.dark}"/>
    <rect x="440" y="428" width="20" height="34" rx="6" fill="${c.dark}"/>`,

  vase: (c) => `
    <path d="M300 224 Q290 170 250 130" fill="none" stroke="#6b8f5a" stroke-width="7" stroke-linecap="round"/>
    <path d="M300 224 Q318 160 372 122" fill="none" stroke="#6b8f5a" stroke-width="7" stroke-linecap="round"/>
    <ellipse cx="250" cy="130" rx="16" ry="30" transform="rotate(-40 250 130)" fill="#8fb37a"/>
    <ellipse cx="372" cy="122" rx="16" ry="30" transform="rotate(50 372 122)" fill="#8fb37a"/>
    <ellipse cx="282" cy="170" rx="12" ry="24" transform="rotate(-20 282 170)" fill="#8fb37a"/>
    <ellipse cx="334" cy="160" rx="12" ry="24" transform="rotate(35 334 160)" fill="#8fb37a"/>
    <path d="M262 210 L338 210 L342 252 Q404 300 398 380 Q392 462 300 466 Q208 462 202 380 Q196 300 258 252 Z"
      fill="${c.main}" stroke="${c.dark}" stroke-width="6" stroke-linejoin="round"/>
    <path d="M212 350 Q300 376 388 350" fill="none" stroke="${c.light}" stroke-width="14" stroke-linecap="round"/>
    <path d="M214 392 Q300 418 386 392" fill="none" stroke="${c.light}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`,

  mug: (c) => `
    <path d="M250 190 Q232 160 252 136 M300 190 Q282 160 302 136 M350 190 Q332 160 352 136" fill="none"
      stroke="#ffffff" stroke-width="9" stroke-linecap="round" opacity="0.85"/>
    <path d="M390 266 Q462 266 462 330 Q462 394 390 394" fill="none" stroke="${c.dark}" stroke-width="30" stroke-linecap="round"/>
    <rect x="190" y="214" width="210" height="236" rx="30" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <path d="M295 300 l20 20 l-20 20 l-20 -20 Z M255 340 l14 14 l-14 14 l-14 -14 Z M335 340 l14 14 l-14 14 l-14 -14 Z"
      fill="${c.light}"/>
    <ellipse cx="295" cy="216" rx="100" ry="10" fill="${c.dark}" opacity="0.35"/>`,

  phone: (c) => `
    <rect x="204" y="108" width="192" height="384" rx="34" fill="#23272f" stroke="#0f1115" stroke-width="4"/>
    <rect x="218" y="138" width="164" height="326" rx="14" fill="url(#screen)"/>
    <circle cx="300" cy="124" r="6" fill="#4b5563"/>
    <rect x="396" y="186" width="7" height="56" rx="3" fill="${c.dark}"/>
    ${[0, 1, 2]
      .flatMap((row) =>
        [0, 1, 2].map(
          (col) =>
            `<rect x="${238 + col * 46}" y="${170 + row * 52}" width="32" height="32" rx="9" fill="#ffffff" opacity="0.75"/>`,
        ),
      )
      .join('')}
    <rect x="238" y="420" width="124" height="26" rx="13" fill="#ffffff" opacity="0.5"/>`,

  headphones: (c) => `
    <path d="M176 330 Q176 148 300 148 Q424 148 424 330" fill="none" stroke="${c.dark}" stroke-width="28" stroke-linecap="round"/>
    <path d="M176 330 Q176 148 300 148 Q424 148 424 330" fill="none" stroke="${c.main}" stroke-width="12" stroke-linecap="round"/>
    <rect x="136" y="296" width="92" height="158" rx="40" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <rect x="372" y="296" width="92" height="158" rx="40" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <rect x="206" y="318" width="32" height="114" rx="15" fill="${c.dark}"/>
    <rect x="362" y="318" width="32" height="114" rx="15" fill="${c.dark}"/>
    <circle cx="174" cy="374" r="18" fill="${c.light}"/><circle cx="426" cy="374" r="18" fill="${c.light}"/>`,

  speaker: (c) => `
    <rect x="188" y="124" width="224" height="352" rx="32" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <circle cx="300" cy="222" r="44" fill="${c.dark}"/><circle cx="300" cy="222" r="22" fill="#1f2328"/>
    <circle cx="300" cy="222" r="8" fill="${c.light}"/>
    <circle cx="300" cy="368" r="76" fill="${c.dark}"/><circle cx="300" cy="368" r="50" fill="#1f2328"/>
    <circle cx="300" cy="368" r="16" fill="${c.light}"/>`,

  laptop: (c) => `
    <rect x="160" y="146" width="280" height="196" rx="14" fill="#2a2e36"/>
    <rect x="176" y="162" width="248" height="164" rx="6" fill="url(#screen)"/>
    <rect x="200" y="190" width="120" height="14" rx="7" fill="#ffffff" opacity="0.7"/>
    <rect x="200" y="216" width="180" height="10" rx="5" fill="#ffffff" opacity="0.45"/>
    <rect x="200" y="236" width="150" height="10" rx="5" fill="#ffffff" opacity="0.45"/>
    <path d="M128 348 L472 348 L504 392 Q506 402 494 402 L106 402 Q94 402 96 392 Z" fill="#c9ced6" stroke="#8e96a3" stroke-width="4"/>
    <rect x="262" y="360" width="76" height="10" rx="5" fill="#8e96a3"/>
    <circle cx="440" cy="376" r="5" fill="${c.main}"/>`,

  book: (c) => `
    <rect x="214" y="128" width="204" height="328" rx="8" fill="#f4efe3" stroke="#d8cfbb" stroke-width="4"/>
    <rect x="188" y="114" width="214" height="334" rx="10" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <rect x="188" y="114" width="36" height="334" rx="10" fill="${c.dark}"/>
    <circle cx="313" cy="234" r="50" fill="none" stroke="${c.light}" stroke-width="8"/>
    <path d="M313 198 L323 224 L350 224 L328 240 L336 266 L313 250 L290 266 L298 240 L276 224 L303 224 Z" fill="${c.light}"/>
    <rect x="256" y="322" width="114" height="14" rx="7" fill="${c.light}"/>
    <rect x="276" y="348" width="74" height="10" rx="5" fill="${c.light}" opacity="0.8"/>
    <path d="M370 448 L370 492 L384 478 L398 492 L398 448 Z" fill="#d64545"/>`,

  bookstack: (c) => {
    const second = companion(c.main);
    const third = mix(c.main, '#f2c14e', 0.6);
    const book = (x: number, y: number, w: number, color: string) => `
      <rect x="${x}" y="${y}" width="${w}" height="62" rx="8" fill="${color}" stroke="${mix(color, '#000000', 0.35)}" stroke-width="5"/>
      <rect x="${x + w - 40}" y="${y + 8}" width="30" height="46" rx="4" fill="#f4efe3"/>
      <rect x="${x + 24}" y="${y + 24}" width="${w / 3}" height="14" rx="7" fill="${mix(color, '#ffffff', 0.55)}"/>`;
    return (
      book(140, 386, 320, c.main) +
      book(164, 322, 276, second) +
      book(148, 258, 292, third) +
      book(176, 194, 248, c.dark)
    );
  },

  ball: (c) => {
    // A football: a central patch and five patches cut off by the ball's outline.
    const patch = (cx: number, cy: number, r: number, turn: number) =>
      `<polygon points="${[0, 1, 2, 3, 4]
        .map((i) => {
          const a = ((turn + i * 72 - 90) * Math.PI) / 180;
          return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
        })
        .join(' ')}" fill="${c.main}"/>`;
    const outer = [0, 1, 2, 3, 4].map((i) => {
      const a = ((i * 72 + 90) * Math.PI) / 180;
      return patch(300 + 138 * Math.cos(a), 296 - 138 * Math.sin(a), 50, 36 + i * 72);
    });
    return `
      <clipPath id="ballClip"><circle cx="300" cy="296" r="150"/></clipPath>
      <circle cx="300" cy="296" r="150" fill="#ffffff"/>
      <g clip-path="url(#ballClip)">${patch(300, 296, 56, 0)}${outer.join('')}</g>
      <circle cx="300" cy="296" r="150" fill="none" stroke="${c.dark}" stroke-width="6"/>
      <ellipse cx="250" cy="226" rx="46" ry="24" transform="rotate(-35 250 226)" fill="#ffffff" opacity="0.5"/>`;
  },

  dumbbell: (c) => `
    <rect x="168" y="280" width="264" height="40" rx="12" fill="#8a8f98" stroke="#5d626b" stroke-width="4"/>
    <rect x="96" y="236" width="40" height="128" rx="12" fill="${c.dark}"/>
    <rect x="128" y="200" width="54" height="200" rx="14" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <rect x="464" y="236" width="40" height="128" rx="12" fill="${c.dark}"/>
    <rect x="418" y="200" width="54" height="200" rx="14" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <rect x="142" y="216" width="10" height="168" rx="5" fill="${c.light}" opacity="0.6"/>
    <rect x="432" y="216" width="10" height="168" rx="5" fill="${c.light}" opacity="0.6"/>`,

  bottle: (c) => `
    <circle cx="300" cy="118" r="26" fill="none" stroke="${c.dark}" stroke-width="10"/>
    <rect x="256" y="134" width="88" height="62" rx="14" fill="${c.dark}"/>
    <rect x="232" y="186" width="136" height="282" rx="44" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <rect x="235" y="290" width="130" height="66" fill="${c.light}"/>
    <path d="M268 312 L288 336 L332 304" fill="none" stroke="${c.dark}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="252" y="210" width="14" height="64" rx="7" fill="#ffffff" opacity="0.45"/>`,

  blocks: (c) => {
    const block = (x: number, y: number, color: string, inner: string) => `
      <rect x="${x}" y="${y}" width="136" height="136" rx="18" fill="${color}" stroke="${mix(color, '#000000', 0.35)}" stroke-width="6"/>
      <rect x="${x + 16}" y="${y + 16}" width="104" height="104" rx="10" fill="none" stroke="#ffffff" stroke-width="5" opacity="0.6"/>
      ${inner}`;
    const second = companion(c.main);
    const third = mix(c.main, '#ffd166', 0.7);
    return (
      block(160, 326, c.main, `<circle cx="228" cy="394" r="30" fill="#ffffff" opacity="0.85"/>`) +
      block(304, 326, second, `<polygon points="372,360 404,420 340,420" fill="#ffffff" opacity="0.85"/>`) +
      block(232, 188, third, `<rect x="270" y="226" width="60" height="60" rx="8" fill="#ffffff" opacity="0.85"/>`)
    );
  },

  bear: (c) => `
    <circle cx="214" cy="166" r="44" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <circle cx="386" cy="166" r="44" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <circle cx="214" cy="166" r="22" fill="${c.light}"/><circle cx="386" cy="166" r="22" fill="${c.light}"/>
    <ellipse cx="188" cy="382" rx="40" ry="58" transform="rotate(25 188 382)" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <ellipse cx="412" cy="382" rx="40" ry="58" transform="rotate(-25 412 382)" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <ellipse cx="300" cy="384" rx="112" ry="92" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <ellipse cx="300" cy="396" rx="60" ry="54" fill="${c.light}"/>
    <circle cx="300" cy="236" r="102" fill="${c.main}" stroke="${c.dark}" stroke-width="5"/>
    <ellipse cx="300" cy="268" rx="46" ry="34" fill="${c.light}"/>
    <ellipse cx="300" cy="254" rx="16" ry="11" fill="#2b2118"/>
    <path d="M300 266 Q300 284 284 288 M300 266 Q300 284 316 288" fill="none" stroke="#2b2118" stroke-width="4" stroke-linecap="round"/>
    <circle cx="262" cy="214" r="11" fill="#2b2118"/><circle cx="338" cy="214" r="11" fill="#2b2118"/>`,

  rocket: (c) => `
    <path d="M262 372 Q300 482 338 372 Z" fill="#ffb340"/>
    <path d="M280 372 Q300 436 320 372 Z" fill="#ff7a1a"/>
    <path d="M236 300 L176 404 L244 382 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5" stroke-linejoin="round"/>
    <path d="M364 300 L424 404 L356 382 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5" stroke-linejoin="round"/>
    <path d="M300 106 Q384 196 368 376 L232 376 Q216 196 300 106 Z" fill="#f5f5f7" stroke="${c.dark}" stroke-width="6" stroke-linejoin="round"/>
    <path d="M300 106 Q338 146 356 190 L244 190 Q262 146 300 106 Z" fill="${c.main}"/>
    <circle cx="300" cy="256" r="36" fill="#bfe3ff" stroke="${c.dark}" stroke-width="9"/>
    <rect x="292" y="316" width="16" height="60" rx="8" fill="${c.main}"/>`,

  plant: (c) => {
    const leaves = [-70, -40, -12, 14, 42, 72]
      .map((angle, i) => {
        const color = i % 2 === 0 ? c.main : c.dark;
        return `<ellipse cx="300" cy="220" rx="36" ry="96" fill="${color}" transform="rotate(${angle} 300 318)"/>`;
      })
      .join('');
    return `
      ${leaves}
      <path d="M300 318 L300 150" stroke="${c.dark}" stroke-width="6" opacity="0.5"/>
      <path d="M214 334 L386 334 L362 462 L238 462 Z" fill="#c8693f" stroke="#8f4526" stroke-width="5" stroke-linejoin="round"/>
      <rect x="198" y="316" width="204" height="40" rx="10" fill="#b55a33" stroke="#8f4526" stroke-width="5"/>`;
  },

  wateringcan: (c) => `
    <path d="M234 254 Q300 148 366 254" fill="none" stroke="${c.dark}" stroke-width="22" stroke-linecap="round"/>
    <path d="M388 330 L474 232 L492 248 L404 372 Z" fill="${c.main}" stroke="${c.dark}" stroke-width="5" stroke-linejoin="round"/>
    <rect x="462" y="214" width="48" height="30" rx="8" transform="rotate(40 486 229)" fill="${c.dark}"/>
    <rect x="196" y="248" width="208" height="204" rx="32" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>
    <rect x="196" y="300" width="208" height="18" fill="${c.light}" opacity="0.8"/>
    <path d="M224 248 L224 232 Q252 220 280 232 L280 248 Z" fill="${c.dark}"/>`,

  flower: (c) => {
    const petals = [0, 45, 90, 135, 180, 225, 270, 315]
      .map(
        (angle) =>
          `<ellipse cx="300" cy="166" rx="30" ry="56" fill="${angle % 90 === 0 ? c.main : c.light}" stroke="${c.dark}" stroke-width="3" transform="rotate(${angle} 300 222)"/>`,
      )
      .join('');
    return `
      <path d="M300 466 Q292 370 300 260" fill="none" stroke="#4f8a3c" stroke-width="12" stroke-linecap="round"/>
      <ellipse cx="256" cy="384" rx="22" ry="54" transform="rotate(-50 256 384)" fill="#6aa84f"/>
      <ellipse cx="344" cy="350" rx="22" ry="54" transform="rotate(50 344 350)" fill="#6aa84f"/>
      ${petals}
      <circle cx="300" cy="222" r="38" fill="#ffcc33" stroke="#d49a00" stroke-width="4"/>`;
  },
};

/** The gradient that phone and laptop screens use. */
function screenGradient(c: Palette): string {
  return `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${c.light}"/><stop offset="1" stop-color="${c.main}"/></linearGradient>`;
}

// ---------------------------------------------------------------------------------------
// Whole pictures

/** A product photo look-alike: soft gradient backdrop, two faint circles, shadow, object. */
export function productSvg(shape: ShapeName, color: string, seed: string): string {
  const c = paletteOf(color);
  const h = hashOf(seed);
  const circleA = { x: 80 + (h % 160), y: 70 + ((h >>> 8) % 120), r: 90 + ((h >>> 16) % 70) };
  const circleB = { x: 420 + ((h >>> 4) % 140), y: 400 + ((h >>> 12) % 140), r: 70 + ((h >>> 20) % 60) };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_SIZE}" height="${PRODUCT_SIZE}" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${mix(color, '#ffffff', 0.9)}"/>
      <stop offset="1" stop-color="${mix(color, '#ffffff', 0.68)}"/>
    </linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.22"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
    ${screenGradient(c)}
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <circle cx="${circleA.x}" cy="${circleA.y}" r="${circleA.r}" fill="#ffffff" opacity="0.35"/>
  <circle cx="${circleB.x}" cy="${circleB.y}" r="${circleB.r}" fill="#ffffff" opacity="0.25"/>
  <ellipse cx="300" cy="486" rx="190" ry="30" fill="url(#shadow)"/>
  ${SHAPES[shape](c)}
</svg>`;
}

/** A shop logo: the shop's typical object in white on a rounded square of its colour. */
export function logoSvg(shape: ShapeName, color: string): string {
  const onColour: Palette = { main: '#ffffff', dark: mix(color, '#000000', 0.45), light: mix(color, '#ffffff', 0.35) };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${mix(color, '#ffffff', 0.15)}"/><stop offset="1" stop-color="${mix(color, '#000000', 0.2)}"/>
    </linearGradient>
    ${screenGradient(paletteOf(color))}
  </defs>
  <rect width="256" height="256" rx="56" fill="url(#bg)"/>
  <circle cx="128" cy="128" r="96" fill="#ffffff" opacity="0.12"/>
  <g transform="translate(23 23) scale(0.35)">${SHAPES[shape](onColour)}</g>
</svg>`;
}

/** A wide storefront banner: layered waves, or a mountain range under a sun. */
export function bannerSvg(style: BannerStyle, color: string): string {
  const layers = [0.75, 0.5, 0.25, 0].map((t) => mix(color, '#ffffff', t));
  const body =
    style === 'mountains'
      ? `<circle cx="1000" cy="92" r="58" fill="#fff4d6" opacity="0.9"/>
    <polygon points="0,400 0,250 180,120 330,240 520,70 720,250 900,140 1080,260 1260,110 1440,230 1600,150 1600,400" fill="${layers[1]}"/>
    <polygon points="520,70 470,116 500,110 540,128 566,112" fill="#ffffff" opacity="0.9"/>
    <polygon points="1260,110 1218,148 1250,142 1284,158 1302,146" fill="#ffffff" opacity="0.9"/>
    <polygon points="0,400 0,300 220,200 420,300 640,190 860,310 1060,220 1300,320 1600,230 1600,400" fill="${layers[2]}"/>
    <polygon points="0,400 0,350 300,290 600,360 900,300 1200,370 1600,320 1600,400" fill="${layers[3]}"/>`
      : `<path d="M0 230 C 250 150 450 310 800 230 S 1350 150 1600 230 L1600 400 L0 400 Z" fill="${layers[1]}" opacity="0.9"/>
    <path d="M0 290 C 300 220 500 350 850 290 S 1400 220 1600 300 L1600 400 L0 400 Z" fill="${layers[2]}" opacity="0.9"/>
    <path d="M0 350 C 350 300 600 390 900 350 S 1400 310 1600 360 L1600 400 L0 400 Z" fill="${layers[3]}"/>
    ${[140, 380, 1150, 1420]
      .map((x, i) => `<circle cx="${x}" cy="${70 + i * 18}" r="${26 + i * 6}" fill="#ffffff" opacity="0.35"/>`)
      .join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 1600 400">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${layers[0]}"/><stop offset="1" stop-color="${mix(color, '#ffffff', 0.55)}"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="400" fill="url(#sky)"/>
  ${body}
</svg>`;
}

function svgOf(image: DemoImage): string {
  switch (image.kind) {
    case 'product':
      return productSvg(image.shape, image.color, image.fileName);
    case 'logo':
      return logoSvg(image.shape, image.color);
    case 'banner':
      return bannerSvg(image.style, image.color);
  }
}

/**
 * Stores every picture, with its narrower copies, in the image storage. File names are fixed, so
 * running it again (for example after a seed that failed half-way) simply overwrites the same files.
 */
export async function writeDemoImages(storage: ImageStorage, images: readonly DemoImage[]): Promise<void> {
  // sharp renders on libuv's thread pool, so starting them all at once uses every core.
  await Promise.all(
    images.map(async (image) => {
      const webp = await sharp(Buffer.from(svgOf(image)))
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      await storeWithVariants(storage, image.fileName, webp);
    }),
  );
}
