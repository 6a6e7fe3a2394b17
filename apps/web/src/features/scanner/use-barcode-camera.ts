import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import { type RefObject, useEffect, useRef, useState } from 'react';

/** Only EAN, Code 128 and UPC are decoded (SCAN-002). */
export const SCAN_FORMATS = [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.CODE_128, BarcodeFormat.UPC_A, BarcodeFormat.UPC_E] as const;

/** Rear camera at 640×480 or more (SCAN-003, SCAN-004). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'environment', width: { min: 640, ideal: 1280 }, height: { min: 480, ideal: 720 } },
};

export type CameraState = 'starting' | 'running' | 'unsupported' | 'denied' | 'failed';

/** Runs the camera into `video` and reports each decoded code; stops on unmount or when `active` turns false. */
export function useBarcodeCamera(video: RefObject<HTMLVideoElement | null>, active: boolean, onCode: (code: string) => void) {
  const [state, setState] = useState<CameraState>('starting');
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!active) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unsupported');
      return;
    }
    let controls: IScannerControls | null = null;
    let cancelled = false;
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [...SCAN_FORMATS]],
      [DecodeHintType.TRY_HARDER, true],
    ]);
    const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 });
    setState('starting');
    reader
      .decodeFromConstraints(CAMERA_CONSTRAINTS, video.current ?? undefined, (result) => {
        if (result && !cancelled) handler.current(result.getText());
      })
      .then((c) => {
        if (cancelled) c.stop();
        else {
          controls = c;
          setState('running');
        }
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        const name = (e as { name?: string }).name;
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' ? 'unsupported' : 'failed');
      });
    return () => {
      cancelled = true;
      controls?.stop();
    };
  }, [active, video]);

  return state;
}
