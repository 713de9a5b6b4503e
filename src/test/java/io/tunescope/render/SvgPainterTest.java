package io.tunescope.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class SvgPainterTest {
    static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void writesWellFormedSvgWithEscapedAndChineseText() throws Exception {
        SvgPainter p = new SvgPainter(300, 200, "SansSerif");
        p.fillRect(0, 0, 300, 200, Rgb.WHITE);
        p.pushClip(10, 10, 100.5, 50);
        p.fillRect(5, 5, 20, 20, new Rgb(255, 0, 0, 128));
        p.pushClip(0, 0, 50, 50);
        p.text("std::vector<int> & \"x\" 'y'", 12, 30, 11.5, true, Rgb.BLACK);
        p.popClip();
        p.popClip();
        p.text("缓冲池 — buf_page_get_gen\u0001", 12, 60, 12, false, Rgb.hex(0x202020));
        p.line(0, 0, 300, 200, Rgb.hex(0x336699), 0.75);
        p.strokeRect(1, 1, 298, 198, Rgb.BLACK, 1);
        String svg = p.svg();
        Document d = parse(svg);
        Element root = d.getDocumentElement();
        assertEquals("svg", root.getLocalName());
        assertEquals("http://www.w3.org/2000/svg", root.getNamespaceURI());
        assertEquals("0 0 300 200", root.getAttribute("viewBox"));
        assertTrue(root.getAttribute("font-family").startsWith("'WenQuanYi Micro Hei'"), root.getAttribute("font-family"));
        NodeList texts = d.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        assertEquals(2, texts.getLength());
        assertEquals("std::vector<int> & \"x\" 'y'", texts.item(0).getTextContent());
        assertEquals("bold", ((Element) texts.item(0)).getAttribute("font-weight"));
        assertEquals("11.5", ((Element) texts.item(0)).getAttribute("font-size"));
        assertEquals("缓冲池 — buf_page_get_gen", texts.item(1).getTextContent(), "control characters are dropped");
        assertEquals(2, d.getElementsByTagNameNS("http://www.w3.org/2000/svg", "clipPath").getLength());
        // defs (two clip rectangles) come first, then the white background, then the half-transparent red
        Element half = (Element) d.getElementsByTagNameNS("http://www.w3.org/2000/svg", "rect").item(3);
        assertEquals("g", half.getParentNode().getLocalName());
        assertEquals("#ff0000", half.getAttribute("fill"));
        assertEquals("0.5", half.getAttribute("fill-opacity"));
        // the clipped text sits in two nested groups
        assertEquals("g", texts.item(0).getParentNode().getLocalName());
        assertEquals("g", texts.item(0).getParentNode().getParentNode().getLocalName());
        assertEquals("svg", texts.item(1).getParentNode().getLocalName());
    }

    @Test
    void measuresTextLikeJava2DAndFormatsNumbersShortly() {
        SvgPainter p = new SvgPainter(10, 10, "SansSerif");
        double a = p.textWidth("abc", 12, false);
        assertTrue(a > 10 && a < 40, "width " + a);
        assertTrue(p.textWidth("abcabc", 12, false) > 1.9 * a);
        assertTrue(p.textWidth("abc", 12, true) >= a);
        assertEquals("3", SvgPainter.num(3.001));
        assertEquals("3.5", SvgPainter.num(3.5));
        assertEquals("-0.25", SvgPainter.num(-0.25));
        assertEquals("0", SvgPainter.num(Double.NaN));
    }

    @Test
    void unclosedClipsAreClosedAndSameCallsGiveTheSameText() throws Exception {
        SvgPainter a = new SvgPainter(50, 50, "SansSerif");
        SvgPainter b = new SvgPainter(50, 50, "SansSerif");
        for (SvgPainter p : new SvgPainter[] {a, b}) {
            p.pushClip(0, 0, 10, 10);
            p.fillRect(0, 0, 20, 20, Rgb.BLACK);
        }
        parse(a.svg());
        assertEquals(a.svg(), b.svg());
    }
}
