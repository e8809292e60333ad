import { EXIF_ROTATED, TINY_JPEG, withSegment } from '../../../../test/support/images';
import { ImageProblem } from './image-problem';
import { readJpeg } from './jpeg-reader';

/** TINY_JPEG's frame header (SOF2) starts at this offset; its size fields follow the marker. */
const FRAME = TINY_JPEG.indexOf(Buffer.from([0xff, 0xc2]));

const problem = (bytes: Buffer) => {
  try {
    readJpeg(bytes);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(ImageProblem);
    return (error as Error).message;
  }
};

function withFrame(edit: (frame: Buffer) => void): Buffer {
  const jpeg = Buffer.from(TINY_JPEG);
  edit(jpeg.subarray(FRAME));
  return jpeg;
}

describe('readJpeg', () => {
  it('reads a progressive JPEG with comment and Exif segments and no end marker', () => {
    expect(readJpeg(TINY_JPEG)).toEqual({ width: 1, height: 1 });
    expect(readJpeg(withSegment(withSegment(TINY_JPEG, 0xfe, Buffer.from('PDFV a comment')), 0xe1, EXIF_ROTATED))).toEqual({ width: 1, height: 1 });
  });

  it('reads declared sizes up to 65535 without decoding', () => {
    const big = withFrame((frame) => {
      frame.writeUInt16BE(65535, 5);
      frame.writeUInt16BE(40000, 7);
    });
    expect(readJpeg(big)).toEqual({ width: 40000, height: 65535 });
  });

  it('refuses empty, truncated and unsupported frames', () => {
    expect(problem(withFrame((frame) => frame.writeUInt16BE(0, 5)))).toBe('it is 1x0 pixels');
    expect(problem(TINY_JPEG.subarray(0, FRAME + 8))).toBe('it is truncated');
    expect(problem(withFrame((frame) => (frame[4] = 12)))).toBe('its 12-bit samples are not supported (8-bit only)');
    expect(problem(withFrame((frame) => (frame[1] = 0xc9)))).toMatch(/^only baseline and progressive JPEGs are supported/);
    expect(problem(withFrame((frame) => (frame[1] = 0xc0)))).toBe('accepted');
    expect(problem(withFrame((frame) => (frame[9] = 2)))).toBe('its frame header is malformed');
  });

  it('refuses segment structures PDFKit would misread', () => {
    // Fill bytes before a marker: PDFKit would take 0xFFFF for a marker and jump by garbage.
    expect(problem(Buffer.concat([TINY_JPEG.subarray(0, 2), Buffer.from([0xff]), TINY_JPEG.subarray(2)]))).toBe('its segment structure is corrupt');
    // DAC (0xFFCC) before the frame header: PDFKit would read it as one.
    expect(problem(withSegment(TINY_JPEG, 0xcc, Buffer.alloc(6)))).toMatch(/^only baseline and progressive/);
    const scanFirst = withSegment(TINY_JPEG, 0xda, Buffer.alloc(4));
    expect(problem(scanFirst)).toBe('its scan comes before its frame header');
  });
});
