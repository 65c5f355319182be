import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_PRIVACY, parseLocalPrivacy } from './local-privacy';

describe('parseLocalPrivacy', () => {
  it('starts from the defaults: nothing that shares or profiles the user is on', () => {
    expect(parseLocalPrivacy(null)).toEqual(DEFAULT_LOCAL_PRIVACY);
    expect(DEFAULT_LOCAL_PRIVACY).toMatchObject({
      marketingEmails: false,
      personalizedAds: false,
      thirdPartySharing: false,
      analyticsOptIn: false,
      locationTracking: false,
    });
  });

  it('keeps stored booleans and ignores anything else', () => {
    expect(parseLocalPrivacy({ personalizedAds: true, searchHistory: 'no', token: 'x' })).toEqual({
      ...DEFAULT_LOCAL_PRIVACY,
      personalizedAds: true,
    });
    expect(parseLocalPrivacy('garbage')).toEqual(DEFAULT_LOCAL_PRIVACY);
  });
});
