// A channel as GET /channels and GET /channels/{channel} answer it (section 2 Channel): the fields the
// description shows; any further field is the target's.
export interface ChannelItem {
  id: string;
  type: string;
  status: string;
  created_at: number;
  [field: string]: unknown;
}
