/**
 * A photo as a phone takes it, for the tests of the media library: a JPEG of 2400×1600
 * pixels with varied colours (a flat colour would compress to nothing).
 */
import sharp from "sharp";

export async function photo(): Promise<Buffer> {
  const [width, height] = [2400, 1600];
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = (x + y) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
