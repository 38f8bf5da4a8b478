import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import { useState } from 'react';

type AvatarUser = {
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  isAnonymous: boolean;
};

const isHttpUrl = (value: string | null): value is string =>
  value !== null && /^https?:\/\//i.test(value);

/** The user's photo (http(s) only), else their initial, else a person glyph for guests. */
export function UserAvatar({ user, size = 32 }: { user: AvatarUser; size?: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const name = user.displayName?.trim() || user.email || '';
  const photo = isHttpUrl(user.photoURL) && failedUrl !== user.photoURL ? user.photoURL : undefined;
  return (
    <Avatar
      src={photo}
      alt=""
      slotProps={{
        img: { referrerPolicy: 'no-referrer', onError: () => setFailedUrl(user.photoURL) },
      }}
      sx={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {user.isAnonymous || name === '' ? (
        <PersonOutlined sx={{ fontSize: size * 0.6 }} aria-hidden="true" />
      ) : (
        [...name][0]?.toUpperCase()
      )}
    </Avatar>
  );
}
