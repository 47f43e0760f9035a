import { Modal } from 'antd';
import { POPUP_AUTO_CLOSE_MS } from './clientState';

export type TipKind = 'success' | 'error' | 'warning' | 'confirm';

export interface TipOptions {
  title?: string;
  /** Close by itself after 3 s (spec section 4). */
  autoClose?: boolean;
  onOk?: () => void | Promise<void>;
  onCancel?: () => void;
}

const DEFAULT_TITLES: Record<TipKind, string> = {
  success: '成功',
  error: '错误',
  warning: '提示',
  confirm: '提示',
};

/** Pop-up tips with the spec's four icons; `autoClose` closes them after 3000 ms. */
export function showTip(
  kind: TipKind,
  content: React.ReactNode,
  options: TipOptions = {},
): { close: () => void } {
  const config = {
    title: options.title ?? DEFAULT_TITLES[kind],
    content,
    okText: '确定',
    ...(options.onOk ? { onOk: options.onOk } : {}),
    ...(kind === 'confirm'
      ? { cancelText: '取消', ...(options.onCancel ? { onCancel: options.onCancel } : {}) }
      : {}),
  };
  const instance = Modal[kind](config);
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (options.autoClose) timer = setTimeout(() => instance.destroy(), POPUP_AUTO_CLOSE_MS);
  return {
    close: () => {
      if (timer) clearTimeout(timer);
      instance.destroy();
    },
  };
}

export const tips = {
  success: (content: React.ReactNode, o?: TipOptions) => showTip('success', content, o),
  error: (content: React.ReactNode, o?: TipOptions) => showTip('error', content, o),
  warning: (content: React.ReactNode, o?: TipOptions) => showTip('warning', content, o),
  confirm: (content: React.ReactNode, o?: TipOptions) => showTip('confirm', content, o),
};
