import { Box, Button, Typography, useTheme } from '@mui/material';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface SignaturePadProps {
  /** The drawn signature as a PNG data URL, or null once cleared (or before the first stroke). */
  onChange(image: string | null): void;
  width?: number;
  height?: number;
  disabled?: boolean;
}

/**
 * A signature drawn with a finger, a pen or the mouse: pointer events (one code path for touch,
 * pen and mouse; `touch-action: none` so a stroke does not scroll the page), Clear to start again.
 * Drawing needs a pointer: a keyboard user types their signature instead (SignPanel offers both).
 */
export function SignaturePad({ onChange, width = 480, height = 160, disabled = false }: SignaturePadProps) {
  const { t } = useTranslation('agreementForm');
  const theme = useTheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);

  // The canvas draws at the screen's pixel density, so the signature is sharp on a phone too.
  const [ratio] = useState(() => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1));
  // The drawing context is asked for at the first stroke, not on mount: a page that never draws
  // (a keyboard user, a test without a canvas) never needs one.
  const contextOf = (c: HTMLCanvasElement | null) => {
    const ctx = c?.getContext('2d');
    if (!ctx) return null;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0d1b4c';
    ctx.fillStyle = '#0d1b4c';
    return ctx;
  };

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - box.left) * width) / box.width, y: ((e.clientY - box.top) * height) / box.height };
  };

  const start = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = point(e);
    const ctx = contextOf(e.currentTarget);
    // A tap is a dot.
    ctx?.beginPath();
    ctx?.arc(drawing.current.x, drawing.current.y, 1.1, 0, Math.PI * 2);
    ctx?.fill();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = drawing.current;
    const ctx = from ? contextOf(e.currentTarget) : null;
    if (!from || !ctx) return;
    const to = point(e);
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    drawing.current = to;
  };
  const end = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = null;
    setEmpty(false);
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    contextOf(canvas.current)?.clearRect(0, 0, width, height);
    setEmpty(true);
    onChange(null);
  };

  return (
    <Box data-testid="signature-pad">
      {/* A plain canvas: MUI's Box would read `width` and `height` as CSS, not as the drawing's pixels. */}
      <canvas
        ref={canvas}
        width={width * ratio}
        height={height * ratio}
        role="img"
        aria-label={empty ? t('sign.padEmpty') : t('sign.padDrawn')}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        onPointerCancel={end}
        style={{ display: 'block', width: '100%', maxWidth: width, aspectRatio: `${width} / ${height}`, border: `1px dashed ${theme.palette.text.secondary}`, borderRadius: 4, background: '#fff', touchAction: 'none', cursor: disabled ? 'not-allowed' : 'crosshair' }}
        data-testid="signature-canvas"
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 0.5, maxWidth: width }}>
        <Typography variant="body2" color="text.secondary">
          {t('sign.padHelp')}
        </Typography>
        <Button size="small" onClick={clear} disabled={disabled || empty} data-testid="signature-clear">
          {t('sign.clear')}
        </Button>
      </Box>
    </Box>
  );
}
