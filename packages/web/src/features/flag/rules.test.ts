import { describe, expect, it } from 'vitest';
import { checkFlag, flagBody, wantsLink, type FlagReason } from './rules';

const reason = (reason_type: number, content_type: FlagReason['content_type']): FlagReason => ({
  reason_type,
  name: `reason ${reason_type}`,
  description: '',
  content_type,
  placeholder: '',
  have_content: content_type !== '',
});
const spam = reason(57, '');
const duplicate = reason(60, 'text');
const other = reason(59, 'textarea');
const origin = 'https://qa.example.com';

describe('checkFlag (spec §5 flag rules)', () => {
  it('asks for a reason first', () => {
    expect(checkFlag(undefined, '', origin)).toEqual({ field: 'reason', check: 'pick_reason' });
  });

  it('sends a reason without text as it is, whatever was typed before', () => {
    expect(checkFlag(spam, '', origin)).toBeNull();
    expect(flagBody('answer', '2', spam, 'left over')).toEqual({ source: 'answer', object_id: '2', report_type: 57, content: '' });
  });

  it('requires the text of a reason that takes one', () => {
    expect(checkFlag(other, '   ', origin)).toEqual({ field: 'content', check: 'empty' });
    expect(checkFlag(other, 'it is an advert', origin)).toBeNull();
    expect(flagBody('comment', '7', other, '  it is an advert ')).toMatchObject({ content: 'it is an advert' });
  });

  it('requires the duplicate link to be an address of this site', () => {
    expect(wantsLink(duplicate)).toBe(true);
    expect(wantsLink(other)).toBe(false);
    expect(checkFlag(duplicate, '', origin)).toEqual({ field: 'content', check: 'empty' });
    expect(checkFlag(duplicate, 'not a url', origin)).toEqual({ field: 'content', check: 'url_invalid' });
    expect(checkFlag(duplicate, 'javascript:alert(1)', origin)).toEqual({ field: 'content', check: 'url_invalid' });
    expect(checkFlag(duplicate, 'https://elsewhere.example.com/questions/1', origin)).toEqual({ field: 'content', check: 'url_origin' });
    expect(checkFlag(duplicate, 'https://qa.example.com/questions/10010000000000001', origin)).toBeNull();
  });
});
