<%@ Page Language="C#" EnableSessionState="True" %>
<%-- The ASP.NET page of the example: it counts visits in the same Session["counter"] as the Java page /counter. --%>
<%
    int counter = Session["counter"] == null ? 1 : (int) Session["counter"] + 1;
    Session["counter"] = counter;
%>
<p>Visits in this session (ASP.NET and Java pages together): <%= counter %></p>
