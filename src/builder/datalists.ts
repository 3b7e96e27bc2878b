// Ids of the <datalist>s the Builder renders once and the value inputs point at.
export const DATALIST_USERS = 'croql-builder-users';
export const DATALIST_DATES = 'croql-builder-dates';
