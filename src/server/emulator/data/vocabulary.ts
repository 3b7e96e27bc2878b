// Words and phrases the demo data is built from, with their translations into the five demo languages.
// Translations are composed from parts (verb + noun), so they are plausible rather than perfect grammar.

export type Lang = 'en' | 'uk' | 'de' | 'fr' | 'es' | 'ja';
export type Words = Record<Lang, string>;

export const VERBS: Words[] = [
  { en: 'Save', uk: 'Зберегти', de: 'speichern', fr: 'Enregistrer', es: 'Guardar', ja: '保存' },
  { en: 'Delete', uk: 'Видалити', de: 'löschen', fr: 'Supprimer', es: 'Eliminar', ja: '削除' },
  { en: 'Edit', uk: 'Редагувати', de: 'bearbeiten', fr: 'Modifier', es: 'Editar', ja: '編集' },
  { en: 'Share', uk: 'Поділитися', de: 'teilen', fr: 'Partager', es: 'Compartir', ja: '共有' },
  { en: 'Open', uk: 'Відкрити', de: 'öffnen', fr: 'Ouvrir', es: 'Abrir', ja: '開く' },
  { en: 'Add', uk: 'Додати', de: 'hinzufügen', fr: 'Ajouter', es: 'Añadir', ja: '追加' },
  { en: 'Remove', uk: 'Прибрати', de: 'entfernen', fr: 'Retirer', es: 'Quitar', ja: '削除' },
  { en: 'Update', uk: 'Оновити', de: 'aktualisieren', fr: 'Mettre à jour', es: 'Actualizar', ja: '更新' },
  { en: 'Export', uk: 'Експортувати', de: 'exportieren', fr: 'Exporter', es: 'Exportar', ja: 'エクスポート' },
  {
    en: 'Download',
    uk: 'Завантажити',
    de: 'herunterladen',
    fr: 'Télécharger',
    es: 'Descargar',
    ja: 'ダウンロード',
  },
  { en: 'Rename', uk: 'Перейменувати', de: 'umbenennen', fr: 'Renommer', es: 'Renombrar', ja: '名前を変更' },
  { en: 'Cancel', uk: 'Скасувати', de: 'stornieren', fr: 'Annuler', es: 'Cancelar', ja: 'キャンセル' },
];

export interface Noun extends Words {
  /** English plural. */
  enPlural: string;
}

const n = (
  en: string,
  enPlural: string,
  uk: string,
  de: string,
  fr: string,
  es: string,
  ja: string,
): Noun => ({
  en,
  enPlural,
  uk,
  de,
  fr,
  es,
  ja,
});

export const NOUNS: Noun[] = [
  n('changes', 'changes', 'зміни', 'Änderungen', 'les modifications', 'los cambios', '変更'),
  n('file', 'files', 'файл', 'Datei', 'le fichier', 'el archivo', 'ファイル'),
  n('project', 'projects', 'проєкт', 'Projekt', 'le projet', 'el proyecto', 'プロジェクト'),
  n('cart', 'carts', 'кошик', 'Warenkorb', 'le panier', 'el carrito', 'カート'),
  n('order', 'orders', 'замовлення', 'Bestellung', 'la commande', 'el pedido', '注文'),
  n('profile', 'profiles', 'профіль', 'Profil', 'le profil', 'el perfil', 'プロフィール'),
  n('photo', 'photos', 'фото', 'Foto', 'la photo', 'la foto', '写真'),
  n('message', 'messages', 'повідомлення', 'Nachricht', 'le message', 'el mensaje', 'メッセージ'),
  n('item', 'items', 'товар', 'Artikel', "l'article", 'el artículo', 'アイテム'),
  n('account', 'accounts', 'обліковий запис', 'Konto', 'le compte', 'la cuenta', 'アカウント'),
  n(
    'payment method',
    'payment methods',
    'спосіб оплати',
    'Zahlungsmethode',
    'le moyen de paiement',
    'el método de pago',
    '支払い方法',
  ),
  n('address', 'addresses', 'адресу', 'Adresse', "l'adresse", 'la dirección', '住所'),
  n('report', 'reports', 'звіт', 'Bericht', 'le rapport', 'el informe', 'レポート'),
  n('comment', 'comments', 'коментар', 'Kommentar', 'le commentaire', 'el comentario', 'コメント'),
];

/** Short texts that stay the same in (some) translations: what "same as source" finds. */
export const BRAND_TEXTS = [
  'OK',
  'Email',
  'Wi-Fi',
  'PayPal',
  'Apple Pay',
  'PDF',
  'Bluetooth',
  'URL',
  'Premium',
];

/** Sentences with one noun slot. */
export const SENTENCES: { [L in Lang]: (noun: string) => string }[] = [
  {
    en: (x) => `Your ${x} has been updated.`,
    uk: (x) => `Ваш ${x} оновлено.`,
    de: (x) => `${x} wurde aktualisiert.`,
    fr: (x) => `${x} a été mis à jour.`,
    es: (x) => `Se ha actualizado ${x}.`,
    ja: (x) => `${x}を更新しました。`,
  },
  {
    en: (x) => `Could not load the ${x}. Check your connection and try again.`,
    uk: (x) => `Не вдалося завантажити ${x}. Перевірте з’єднання та спробуйте ще раз.`,
    de: (x) => `${x} konnte nicht geladen werden. Prüfen Sie die Verbindung.`,
    fr: (x) => `Impossible de charger ${x}. Vérifiez votre connexion.`,
    es: (x) => `No se pudo cargar ${x}. Comprueba tu conexión.`,
    ja: (x) => `${x}を読み込めませんでした。接続を確認してください。`,
  },
  {
    en: (x) => `Are you sure you want to delete this ${x}?`,
    uk: (x) => `Ви впевнені, що хочете видалити ${x}?`,
    de: (x) => `Möchten Sie ${x} wirklich löschen?`,
    fr: (x) => `Voulez-vous vraiment supprimer ${x} ?`,
    es: (x) => `¿Seguro que quieres eliminar ${x}?`,
    ja: (x) => `この${x}を削除してもよろしいですか？`,
  },
  {
    en: (x) => `No ${x} yet`,
    uk: (x) => `Ще немає: ${x}`,
    de: (x) => `Noch kein(e) ${x}`,
    fr: (x) => `Pas encore de ${x}`,
    es: (x) => `Aún no hay ${x}`,
    ja: (x) => `${x}はまだありません`,
  },
];

export const CONTEXTS = [
  'Button label on the toolbar',
  'Title of a dialog',
  'Shown in a toast after the action succeeds',
  'Error message; keep it short',
  'Menu item',
  'Tooltip',
  'Empty state of a list',
  'Email subject line',
  '',
  '',
];

export const AREAS = [
  'button',
  'nav',
  'dialog',
  'toast',
  'error',
  'menu',
  'settings',
  'empty',
  'email',
  'tooltip',
];

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
