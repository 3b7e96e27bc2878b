// What the emulator serves. Context objects (strings, TM segments, glossary terms) are kept in the Context
// JSON format (README.md, "Data file"), so `compile` evaluates them as they are; everything the API returns is
// projected from them (see ../api/resources.ts). Extra keys the schema does not know (`languageId` of a TM
// record, `masterStringId`, `issueType` of a comment, …) carry what the resource shapes need.
import type { ContextObject } from '../../../croql/index.ts';

export interface DemoUser {
  id: number;
  username: string;
  fullName: string;
  avatarUrl: string;
  /** `owner`, `manager`, `proofreader`, `translator`: informative only. */
  role: string;
}

export interface LanguageInfo {
  id: string;
  name: string;
  pluralCategoryNames: string[];
}

export interface ProjectInfo {
  id: number;
  name: string;
  identifier: string;
  description: string;
  sourceLanguageId: string;
  targetLanguageIds: string[];
  createdAt: string;
  updatedAt: string;
  /** A string-based project (the service's project `type` 1): strings have no file, directory or revision. */
  stringBased?: boolean;
}

export interface BranchInfo {
  id: number;
  name: string;
  title: string;
  createdAt: string;
}

export interface DirectoryInfo {
  id: number;
  name: string;
  branchId: number | null;
  path: string;
}

export interface FileInfo {
  id: number;
  name: string;
  title: string;
  type: string;
  context: string;
  branchId: number | null;
  directoryId: number | null;
  path: string;
}

export interface LabelInfo {
  id: number;
  title: string;
  isSystem: boolean;
}

export interface TmInfo {
  id: number;
  name: string;
  languageIds: string[];
  createdAt: string;
  segments: ContextObject[];
}

export interface GlossaryInfo {
  id: number;
  name: string;
  languageId: string;
  createdAt: string;
  terms: ContextObject[];
}

export interface Dataset {
  /** Changes whenever the data changes; part of every cached result's key. */
  version: number;
  users: DemoUser[];
  languages: LanguageInfo[];
  project: ProjectInfo;
  branches: BranchInfo[];
  directories: DirectoryInfo[];
  files: FileInfo[];
  labels: LabelInfo[];
  /** Source string context objects of project `project.id`, in id order. */
  strings: ContextObject[];
  tms: TmInfo[];
  glossaries: GlossaryInfo[];
}

/** Languages the emulator knows (the service knows hundreds; these cover the demo and common data files). */
export const KNOWN_LANGUAGES: LanguageInfo[] = [
  { id: 'en', name: 'English', pluralCategoryNames: ['one', 'other'] },
  { id: 'uk', name: 'Ukrainian', pluralCategoryNames: ['one', 'few', 'many', 'other'] },
  { id: 'de', name: 'German', pluralCategoryNames: ['one', 'other'] },
  { id: 'fr', name: 'French', pluralCategoryNames: ['one', 'many', 'other'] },
  { id: 'es', name: 'Spanish', pluralCategoryNames: ['one', 'many', 'other'] },
  { id: 'ja', name: 'Japanese', pluralCategoryNames: ['other'] },
  { id: 'it', name: 'Italian', pluralCategoryNames: ['one', 'many', 'other'] },
  { id: 'pl', name: 'Polish', pluralCategoryNames: ['one', 'few', 'many', 'other'] },
  { id: 'pt-BR', name: 'Portuguese, Brazilian', pluralCategoryNames: ['one', 'many', 'other'] },
  { id: 'zh-CN', name: 'Chinese Simplified', pluralCategoryNames: ['other'] },
  { id: 'ko', name: 'Korean', pluralCategoryNames: ['other'] },
  { id: 'nl', name: 'Dutch', pluralCategoryNames: ['one', 'other'] },
];

export function languageInfo(id: string): LanguageInfo {
  return KNOWN_LANGUAGES.find((l) => l.id === id) ?? { id, name: id, pluralCategoryNames: ['one', 'other'] };
}
