export type {
  ActionBase,
  ActionSchema,
  ActionType,
  AnnounceTopic,
  BackAction,
  ColumnSchema,
  DetailField,
  DialogAction,
  DictItem,
  Dictionary,
  DisplayFormat,
  DownloadAction,
  ExportAction,
  ImportAction,
  Expression,
  FormilyNode,
  FormilyProperties,
  FormilyReaction,
  ModelAction,
  NavigateAction,
  ProductCode,
  ProgressCell,
  RequestAction,
  RouteBlock,
  SectionSchema,
  SubmitAction,
  ActionResult,
  ValueDisplay,
} from './types';
export type {
  ApproveBody,
  ApprovePageSchema,
  ChartSchema,
  CompositePageSchema,
  DetailBody,
  DetailPageSchema,
  FigureSchema,
  FormBody,
  FormEndpointSubmit,
  FormPageSchema,
  FormStep,
  ListBody,
  ListPageSchema,
  ListPoll,
  ListTab,
  Measure,
  OpinionSchema,
  PageKind,
  PageSchema,
  QueryValue,
  StatisticsBody,
  StatisticsPageSchema,
  UploadBody,
  UploadPageSchema,
  UploadSlot,
} from './pageTypes';
export type {
  ApiSource,
  CardPart,
  CollapsePart,
  CompositeBody,
  CompositeRecord,
  ContainerItem,
  DetailPart,
  DialogDetail,
  DialogForm,
  FormPart,
  GridPart,
  ListPart,
  PartBase,
  PartSchema,
  PartType,
  ResultLine,
  ResultPart,
  StatisticsPart,
  StepsPart,
  TabsPart,
  WidgetPart,
} from './partTypes';
export { CURRENT_SCHEMA_VERSION } from './version';
export { isSchemaError, SchemaError } from './errors';
export type { SchemaErrorCode } from './errors';
export { escapePointerSegment, getByPointer, parsePointer, toPointer } from './pointer';
export { migrateSchema, SCHEMA_MIGRATIONS } from './migrations';
export type { MigrationResult, SchemaMigration } from './migrations';
export { createModuleSource, loadPageSchema, resolveReferences } from './loader';
export {
  compareFiles,
  instantiate,
  instantiatePages,
  pageSource,
  VARIANT_FILE,
  variantsOf,
} from './templates';
export type { InstancePage, TemplateProblem, VariantFile } from './templates';
export type { LoadedSchema, LoadOptions, ModuleSourceOptions, SchemaOrigin, SchemaSource } from './loader';
export { BUILTIN_COMPONENT_NAMES } from './components';
export type { BuiltinComponentName } from './components';
export { createRendererFunctions, RENDERER_FUNCTION_DEFINITIONS, rendererFunctions } from './functions';
export { withCapitalLines, withCapitalLinesIn } from './capitalLines';
export { productFilesInTree, productFolderMounts, schemaPathOf } from './productFolders';
export type { ProductPlacement } from './productFolders';
