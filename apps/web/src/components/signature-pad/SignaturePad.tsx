import { Box, Button, Group, Input, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePadLib from 'signature_pad';
import { deviceSize, pngBase64OfDataUrl } from './signature-data';

export interface SignaturePadProps {
  /** Called after every stroke with the drawing as PNG base64 (no `data:` prefix), and with null when cleared. */
  onChange: (pngBase64: string | null) => void;
  /** Label above the box; default "Unterschrift". */
  label?: string;
  /** Help text below the label; default "Mit Finger, Stift oder Maus im Feld unterschreiben". */
  description?: string;
  /** No drawing and no clearing while true (e.g. while saving). */
  disabled?: boolean;
  /** CSS height of the box in px (default 200); the width follows the container. */
  height?: number;
}

/**
 * A signature box: touch, pen and mouse through pointer events (signature_pad), drawn at the screen's pixel ratio,
 * kept across resizes, with a clear button. The ink is black on white paper in light and dark mode; the PNG has a
 * transparent background so it sits on the document's paper.
 */
export function SignaturePad({ onChange, label, description, disabled = false, height = 200 }: SignaturePadProps) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadLib(canvas, { penColor: '#000', minWidth: 0.8, maxWidth: 2.8, backgroundColor: 'rgba(0,0,0,0)' });
    padRef.current = pad;
    const emit = () => {
      const isEmpty = pad.isEmpty();
      setEmpty(isEmpty);
      onChangeRef.current(isEmpty ? null : pngBase64OfDataUrl(pad.toDataURL('image/png')));
    };
    const resize = () => {
      const { width, height: h, ratio } = deviceSize(canvas.offsetWidth, canvas.offsetHeight, window.devicePixelRatio);
      if (canvas.width === width && canvas.height === h) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = h;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    pad.addEventListener('endStroke', emit);
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', emit);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) padRef.current?.off();
    else padRef.current?.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChangeRef.current(null);
  };

  return (
    <Input.Wrapper label={label ?? t('signature.label')} description={description ?? t('signature.hint')} id={`${id}-canvas`}>
      <Box
        mt={6}
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#fff',
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <canvas
          ref={canvasRef}
          id={`${id}-canvas`}
          role="img"
          aria-label={t('signature.canvas')}
          aria-describedby={`${id}-status`}
          data-testid="signature-canvas"
          style={{ display: 'block', width: '100%', height, touchAction: 'none', cursor: disabled ? 'not-allowed' : 'crosshair' }}
        />
      </Box>
      <Group justify="space-between" mt={6}>
        <Text size="sm" c="dimmed" id={`${id}-status`} aria-live="polite">
          {empty ? t('signature.empty') : t('signature.signed')}
        </Text>
        <Button variant="default" size="xs" leftSection={<IconEraser size={14} />} onClick={clear} disabled={disabled || empty} data-testid="signature-clear">
          {t('signature.clear')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
