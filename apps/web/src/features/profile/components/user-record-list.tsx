import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '../../../lib/session';
import type { RecordValue } from '../user-record';
import { describeUserRecord } from '../user-record';

function Value({ value }: { value: RecordValue }) {
  switch (value.kind) {
    case 'unset':
      return (
        <Typography component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          Not set
        </Typography>
      );
    case 'text':
      return <span>{value.text}</span>;
    case 'date':
      return <time dateTime={value.iso}>{value.text}</time>;
    case 'providers':
      return (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {value.items.map((item, index) => (
            <li key={`${item.name}-${index}`}>
              {item.name}
              {item.detail ? (
                <Typography component="span" color="text.secondary">
                  {' '}
                  ({item.detail})
                </Typography>
              ) : null}
            </li>
          ))}
        </Box>
      );
  }
}

/** Every field of the user record, labelled with a readable name and the field's key. */
export function UserRecordList({ user }: { user: SessionUser }) {
  const rows = describeUserRecord(user);
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(150px, 210px) 1fr' },
        columnGap: 3,
      }}
    >
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }} data-field={row.key}>
          <Box
            component="dt"
            sx={{
              pt: 1.5,
              pb: { xs: 0, sm: 1.5 },
              borderTop: { sm: 1 },
              borderColor: { sm: 'divider' },
              // Phones: label and key on one line to keep the list short.
              display: { xs: 'flex', sm: 'block' },
              flexWrap: 'wrap',
              alignItems: 'baseline',
              columnGap: 1,
            }}
          >
            <Typography component="span" fontWeight={600} sx={{ display: { sm: 'block' } }}>
              {row.label}
            </Typography>
            <Typography
              component="code"
              variant="caption"
              color="text.secondary"
              sx={{ fontFamily: 'monospace' }}
            >
              {row.key}
            </Typography>
          </Box>
          <Box
            component="dd"
            sx={{
              m: 0,
              pt: { xs: 0.5, sm: 1.5 },
              pb: 1.5,
              borderTop: { sm: 1 },
              borderBottom: { xs: 1, sm: 0 },
              borderColor: { xs: 'divider', sm: 'divider' },
              overflowWrap: 'anywhere',
            }}
          >
            <Value value={row.value} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
