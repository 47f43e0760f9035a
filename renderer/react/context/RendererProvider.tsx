/**
 * `RendererProvider`: the host's services (request, signer, navigation, role, clock, dictionaries)
 * and the renderer's registries, handed to every schema page below it. (Formily is set up by the
 * first form, see `setUpFormily`: a page without a form never loads it.)
 */
// Only message.useMessage(), whose holder renders inside the provider (eslint.config.js bans the static calls).
// eslint-disable-next-line no-restricted-syntax
import { message, Modal } from 'antd';
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { API } from '@contract/api';
import { createRendererFunctions } from '@renderer/core';
import type { AnnounceTopic, FunctionRegistry } from '@renderer/core';
import { defaultComponents } from '@renderer/react/registry/defaultComponents';
import type { ComponentRegistry } from '@renderer/react/registry/createComponentRegistry';
import type { Dictionaries, NavigateOptions, RendererRequest, Signer } from './services';
import { trackingWrites } from './writes';

/** Props of {@link RendererProvider}: what the host injects. */
export interface RendererProviderProps {
  /** Performs API calls (see {@link RendererRequest}). */
  request: RendererRequest;
  /** Goes to a portal path (`/credit/detail?id=1`, without the `/cv3` base). */
  navigate: (to: string, options?: NavigateOptions) => void;
  /** Goes back. @default window.history.back() */
  back?: () => void;
  /** The session's current role (`$role`; `$roles` is `[role]`): actions with `roles` show only for it. */
  currentRole: string | null;
  /** Whether the user may open a path; navigate buttons to other paths are hidden. @default all allowed */
  canOpen?: (path: string) => boolean;
  /**
   * The full address of a portal path, as another device opens it (a result line's `link`: the face check's
   * page on the phone). @default the path on this page's origin
   */
  href?: (path: string) => string;
  /** The UKEY signer; without it, signing shows '未配置UKEY签名'. */
  signer?: Signer;
  /** The current user (`$user` in expressions). */
  user?: Record<string, unknown>;
  /** Dictionaries by name, for components that look values up at run time (`useDictionary`). */
  dictionaries?: Dictionaries;
  /** The clock behind `today()` and the default dates. @default () => new Date() */
  clock?: () => Date;
  /** Components schemas may name. @default defaultComponents */
  components?: ComponentRegistry;
  /** Functions expressions may call. @default createRendererFunctions({ clock, utcOffsetMinutes: 480 }) */
  functions?: FunctionRegistry;
  /** Opens a download (file or export) under the API base, with query parameters. @default window.open */
  download?: (url: string, params?: Record<string, unknown>) => void;
  /** Portal path of the download centre, offered when a large export becomes a job there. */
  downloadCentre?: string;
  /** Upload endpoint of FileUpload and upload pages. @default '/v1/files/upload' */
  uploadUrl?: string;
  /**
   * Tells the host that a `request` action changed what a topic names (`announce`: `messages`, the
   * portal's header bell; `product`, the row's product chosen), with the row it acted on. @default nothing
   */
  announce?: (topic: AnnounceTopic, record?: Readonly<Record<string, unknown>>) => void;
  /** Whether pages show their route title (false when the host's layout shows it). @default true */
  pageTitles?: boolean;
  /**
   * The host's message API, mounted above its routes: a message an action shows just before it
   * navigates (提交成功 → back to the list) must outlive the page. @default a holder inside this provider
   */
  message?: RendererMessage;
  /** The holidays (`YYYY-MM-DD`) date pickers disable with `"disable": ["holidays"]`. @default none */
  holidays?: () => Promise<readonly string[]>;
  /** Encrypts a password a form sends to an endpoint (`form.submit.encrypt`). @default none: refused */
  encrypt?: (plain: string) => Promise<string>;
  /** Where forms keep values across a reload (`form.keep`). @default nothing kept */
  keptForms?: KeptForms;
  children?: ReactNode;
}

/** The host's store of kept form values, by the form's `keep.as` name. */
export interface KeptForms {
  load(name: string): Record<string, string>;
  store(name: string, values: Record<string, string>): void;
  clear(name: string): void;
}

/** What pages use to show messages (antd's message API). */
export type RendererMessage = ReturnType<typeof message.useMessage>[0];

/** What pages and widgets read from the provider. */
export interface RendererContextValue extends Omit<
  RendererProviderProps,
  'children' | 'functions' | 'components' | 'clock' | 'back' | 'pageTitles' | 'href'
> {
  href: (path: string) => string;
  pageTitles: boolean;
  functions: FunctionRegistry;
  components: ComponentRegistry;
  clock: () => Date;
  back: () => void;
  uploadUrl: string;
  /** `$roles`, `$role`, `$user` for expressions. */
  scope: { $roles: string[]; $role: string | null; $user: Record<string, unknown> };
  message: RendererMessage;
  modal: ReturnType<typeof Modal.useModal>[0];
}

const RendererContext = createContext<RendererContextValue | null>(null);

const systemClock = (): Date => new Date();

/** Provides the host's services to schema pages. */
export function RendererProvider({ children, ...props }: RendererProviderProps): React.JSX.Element {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  const clock = props.clock ?? systemClock;
  const functions = useMemo(
    () => props.functions ?? createRendererFunctions({ clock, utcOffsetMinutes: 480 }),
    [props.functions, clock],
  );
  // Every write through the renderer tells the tab's lists and records to load again (writes.ts).
  const request = useMemo(() => trackingWrites(props.request), [props.request]);
  const value = useMemo<RendererContextValue>(
    () => ({
      ...props,
      request,
      functions,
      clock,
      components: props.components ?? defaultComponents,
      back: props.back ?? (() => window.history.back()),
      href: props.href ?? ((path: string) => new URL(path, window.location.origin).href),
      uploadUrl: props.uploadUrl ?? API.fileUpload.path,
      pageTitles: props.pageTitles ?? true,
      scope: {
        $roles: props.currentRole ? [props.currentRole] : [],
        $role: props.currentRole,
        $user: props.user ?? {},
      },
      message: props.message ?? messageApi,
      modal: modalApi,
    }),
    // The props object is new on every render; its members are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- props are spread, so the rule asks for the object
    [
      request,
      props.navigate,
      props.back,
      props.currentRole,
      props.canOpen,
      props.href,
      props.signer,
      props.user,
      props.dictionaries,
      props.components,
      props.download,
      props.downloadCentre,
      props.announce,
      props.uploadUrl,
      props.pageTitles,
      functions,
      clock,
      props.message,
      props.holidays,
      props.encrypt,
      props.keptForms,
      messageApi,
      modalApi,
    ],
  );
  return (
    <RendererContext.Provider value={value}>
      {messageHolder}
      {modalHolder}
      {children}
    </RendererContext.Provider>
  );
}

/**
 * The provider's services.
 * @throws Error outside a {@link RendererProvider}.
 */
export function useRenderer(): RendererContextValue {
  const value = useContext(RendererContext);
  if (!value) throw new Error('Schema pages and widgets must be inside <RendererProvider>');
  return value;
}

/** A dictionary the host provided, or undefined. */
export function useDictionary(name: string): Dictionaries[string] | undefined {
  return useRenderer().dictionaries?.[name];
}
