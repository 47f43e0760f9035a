/**
 * AgreementViewer: an agreement's text in a scroll box and a 我已阅读并同意 checkbox that becomes
 * usable only once the reader has scrolled to the end. Its value is `true` when agreed, empty
 * otherwise, so `"required": true` asks for the agreement.
 */
import { connect, mapProps } from '@formily/react';
import { Checkbox } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** Props of {@link AgreementViewerBase}. */
export interface AgreementViewerProps {
  /** Heading above the text, e.g. 《保理服务协议》. */
  title?: string;
  /** The agreement text; blank lines separate paragraphs. */
  content?: string;
  /** Height of the scroll box in px. @default 240 */
  height?: number;
  /** Checkbox text. @default '我已阅读并同意' */
  agreeText?: string;
  value?: boolean;
  onChange?: (value: boolean | undefined) => void;
  disabled?: boolean;
  readOnly?: boolean;
}

/** Within this many px of the bottom counts as read to the end. */
const END_SLACK = 4;

/** The viewer, usable without Formily. */
export function AgreementViewerBase({
  title,
  content = '',
  height = 240,
  agreeText = '我已阅读并同意',
  value,
  onChange,
  disabled,
  readOnly,
}: AgreementViewerProps): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  const [readToEnd, setReadToEnd] = useState(Boolean(value));
  const check = (): void => {
    const el = box.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - END_SLACK) setReadToEnd(true);
  };
  // A text shorter than the box is read at once.
  useEffect(check, [content]);
  return (
    <div className="agreement-viewer" data-testid="agreement-viewer">
      {title ? <div style={{ fontWeight: 600, marginBottom: 8 }}>{title}</div> : null}
      <div
        ref={box}
        data-testid="agreement-text"
        tabIndex={0}
        role="document"
        aria-label={title ?? '协议内容'}
        onScroll={check}
        style={{
          height,
          overflowY: 'auto',
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          padding: '8px 12px',
          whiteSpace: 'pre-wrap',
          lineHeight: 1.8,
        }}
      >
        {content.split(/\n\s*\n/).map((paragraph, i) => (
          <p key={i} style={{ margin: '0 0 8px' }}>
            {paragraph}
          </p>
        ))}
      </div>
      <Checkbox
        data-testid="agreement-agree"
        style={{ marginTop: 8 }}
        checked={Boolean(value)}
        disabled={disabled || readOnly || !readToEnd}
        onChange={(e) => onChange?.(e.target.checked ? true : undefined)}
      >
        {agreeText}
      </Checkbox>
      {!readToEnd ? (
        <span style={{ marginLeft: 8, color: 'rgba(0,0,0,0.45)' }}>请阅读至协议末尾后勾选</span>
      ) : null}
    </div>
  );
}

/** AgreementViewer for schemas. */
export const AgreementViewer = connect(
  AgreementViewerBase,
  mapProps((props, field) => ({
    ...props,
    readOnly: 'pattern' in field ? field.pattern !== 'editable' : false,
  })),
);
