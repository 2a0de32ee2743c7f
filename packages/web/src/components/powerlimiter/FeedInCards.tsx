import { FeedInCapFields, GridSignalFields } from './FeedInFields';

/** The feed-in cap and grid signal cards, one lazy chunk (FeedInSection.tsx). */
export default function FeedInCards({ stringsWp }: { stringsWp: number }) {
  return (
    <>
      <FeedInCapFields stringsWp={stringsWp} />
      <GridSignalFields />
    </>
  );
}
