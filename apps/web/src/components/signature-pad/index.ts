export { SignaturePad, type SignaturePadProps } from './SignaturePad';
export { pngBase64OfDataUrl, pngDataUrl } from './signature-data';
