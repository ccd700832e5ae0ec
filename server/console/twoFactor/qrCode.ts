import qrcode from 'qrcode-generator';

/**
 * A QR code of the text as an SVG image in a data: URL, drawn on the server (the console runs no script; the
 * page's policy allows data: images). Error correction M: a phone reads it from a screen with glare.
 */
export function qrCodeDataUrl(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const svg = code.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
