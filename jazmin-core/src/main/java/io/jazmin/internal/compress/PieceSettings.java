package io.jazmin.internal.compress;

/**
 * Maps the Deflate settings of a chunk part's column streams to its pieces and back, where value points
 * split a stream into several pieces (see {@link FlushedDeflate#deflate(int, byte[], int, int[], int[],
 * io.jazmin.internal.parallel.FanOut)}): every piece of a stream gets the stream's setting, and a stream's
 * setting is its first piece's.
 */
public final class PieceSettings {
    private PieceSettings() {
    }

    /** How many streams pieces of {@code pieceStream} (ascending from 0; {@code null}: one per piece) hold. */
    public static int streams(int pieces, int[] pieceStream) {
        return pieceStream == null || pieces == 0 ? pieces : pieceStream[pieces - 1] + 1;
    }

    /** Per piece, its stream's setting. */
    public static StreamSetting[] perPiece(StreamSetting[] perStream, int[] pieceStream) {
        if (pieceStream == null) {
            return perStream;
        }
        StreamSetting[] out = new StreamSetting[pieceStream.length];
        for (int p = 0; p < out.length; p++) {
            out[p] = perStream[pieceStream[p]];
        }
        return out;
    }

    /** Per stream, its first piece's setting; {@code null} stays {@code null} (one explicit level). */
    public static StreamSetting[] perStream(StreamSetting[] perPiece, int[] pieceStream) {
        if (pieceStream == null || perPiece == null) {
            return perPiece;
        }
        StreamSetting[] out = new StreamSetting[streams(pieceStream.length, pieceStream)];
        for (int p = perPiece.length - 1; p >= 0; p--) {
            out[pieceStream[p]] = perPiece[p];
        }
        return out;
    }
}
