import { expect, test } from 'vitest';
import { profilePhotoPaths } from './stored-photo';

test('profilePhotoPaths finds every width of the member’s own uploaded photo, and nothing else', () => {
  const url =
    'http://127.0.0.1:9199/v0/b/demo.firebasestorage.app/o/users%2Fu1%2Fprofile%2Fabc123%2F320.webp?alt=media&token=t';
  expect(profilePhotoPaths(url, 'u1')).toEqual([
    'users/u1/profile/abc123/96.webp',
    'users/u1/profile/abc123/320.webp',
  ]);
  expect(profilePhotoPaths(url, 'someone-else')).toEqual([]);
  expect(profilePhotoPaths('https://lh3.googleusercontent.com/a/photo.jpg', 'u1')).toEqual([]);
  expect(profilePhotoPaths('not a url', 'u1')).toEqual([]);
  expect(profilePhotoPaths(null, 'u1')).toEqual([]);
});
