package aspstate.tds.token;

import aspstate.tds.wire.TdsVersion;
import io.netty.buffer.ByteBuf;

/** The UserType field of COLMETADATA and RETURNVALUE: 0, no user-defined type. */
final class UserType {
    private UserType() {}

    /** 4 bytes since TDS 7.2, 2 before. */
    static void write(ByteBuf out, TdsVersion version) {
        if (version.isAtLeast(TdsVersion.V7_2)) {
            out.writeIntLE(0);
        } else {
            out.writeShortLE(0);
        }
    }
}
