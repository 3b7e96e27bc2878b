import { describe, expect, it } from 'vitest';
import { freshStorage } from '../testing/stores.ts';
import { readStore } from '../ui/stored.ts';
import { checkChoice, CHOICE_STORE, useConnectionChoice } from './choice.ts';

describe('the connection choice in storage', () => {
  const local = freshStorage('localStorage');

  it('keeps what it can use, the domain as typed, and says what it left out', () => {
    expect(
      checkChoice({
        connection: 'ftp',
        domain: 'acme.crowdin',
        clientIds: { enterprise: 'client-1', standard: 7, mars: 'x' },
      }),
    ).toEqual({
      value: { connection: 'emulator', domain: 'acme.crowdin', clientIds: { enterprise: 'client-1' } },
      dropped: [
        'connection: expected one of emulator, standard, enterprise, found the text "ftp"',
        'clientIds.standard: expected a client id of a connection, found the number 7',
        'clientIds.mars: expected a client id of a connection, found the text "x"',
      ],
    });
    expect(checkChoice({})).toEqual({
      value: { connection: 'emulator', domain: '', clientIds: {} },
      dropped: [],
    });
    expect(checkChoice('enterprise')).toEqual({
      unreadable: 'it is the text "enterprise", not connection settings',
    });
  });

  it('keeps settings it cannot read aside, with a notice, and uses the emulator', () => {
    local.storage.setItem('croql.connection.v1', '{"connection":');
    expect(readStore(CHOICE_STORE)).toEqual({ connection: 'emulator', domain: '', clientIds: {} });
    expect(local.noticeTexts()).toEqual([
      expect.stringContaining(
        'Your choice of connection as stored could not be read (it is not JSON), so the emulator is chosen.',
      ),
    ]);
    expect(local.valuesUnder('croql.connection.v1.unreadable.')).toEqual(['{"connection":']);
  });

  it('with storage full, a choice holds for the page and a notice says it is not kept', () => {
    local.refuseWrites();
    expect(() => useConnectionChoice.getState().actions.setDomain(' Acme ')).not.toThrow();
    expect(useConnectionChoice.getState().domain).toBe('acme');
    expect(local.noticeTexts()).toEqual([
      "Your choice of connection was not saved: the browser's storage for this site is full. It lasts until you reload the page.",
    ]);
  });
});
