/** Who made a document and when, and who posted or cancelled it: Dates on the server, ISO strings once across the wire. */
export interface DocumentStamps {
  createdBy: number | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  postedAt: string | Date | null;
  postedBy: number | null;
  cancelledAt: string | Date | null;
  cancelledBy: number | null;
}
