package aspstate.cli;

import aspstate.stateserver.CidrRange;
import picocli.CommandLine.ITypeConverter;

/** One range of a list of peers: a CIDR range (10.0.0.0/8, fd00::/8) or a single address. */
public final class CidrRangeConverter implements ITypeConverter<CidrRange> {
    @Override
    public CidrRange convert(String text) {
        return CidrRange.parse(text);
    }
}
